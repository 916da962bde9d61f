import type { ScalarFieldDefinition } from '../schema/field-schema.types';
import { fieldPhrases } from '../vocabulary/label-vocabulary';

/*
 * Identifiers often open with an abbreviation of what they identify: "CLM-2022-935766" is a claim
 * number, "INV-0042" an invoice's, "POL 77120" a policy's. When the page's captions do not say
 * which of two identifiers answers which field, that prefix can.
 */

/** Letters opening an identifier before its first digit or separator: "CLM" of "CLM-2022-1". */
const PREFIX = /^([A-Za-z]{2,4})(?=[\s\-/_.#:]*\d)/;

/** Words shorter than this are too short to be told from their abbreviation ("no", "id"). */
const TOO_SHORT = 4;

/**
 * `prefix` abbreviates `word`: it starts with the word's first letter and its letters follow one
 * another in the word ("clm" in "claim", "inv" in "invoice", "pol" in "policy").
 */
export function abbreviates(prefix: string, word: string): boolean {
  const letters = prefix.toLowerCase();
  const target = word.toLowerCase();
  if (target.length < TOO_SHORT || letters[0] !== target[0]) return false;
  let at = 1;
  for (let i = 1; i < target.length && at < letters.length; i += 1) {
    if (target[i] === letters[at]) at += 1;
  }
  return at === letters.length;
}

/** The field's words its phrases print (label, synonyms, key), lower case. */
function fieldWords(field: ScalarFieldDefinition): Set<string> {
  return new Set(
    fieldPhrases(field).flatMap((phrase) => phrase.toLowerCase().match(/\p{L}+/gu) ?? []),
  );
}

/** Whether the identifier's opening letters abbreviate a word of the field's. */
export function prefixNames(text: string, field: ScalarFieldDefinition): boolean {
  const prefix = PREFIX.exec(text.trim())?.[1];
  return prefix !== undefined && [...fieldWords(field)].some((w) => abbreviates(prefix, w));
}

/**
 * Orders `answers` (as many as `fields`) so that each answer whose prefix names exactly one of
 * the fields, and is the only answer naming it, stands at that field's place; the other answers
 * keep their order in the places left. Without any such answer the order is unchanged.
 */
export function byIdentifierPrefix<T>(
  fields: readonly ScalarFieldDefinition[],
  answers: readonly T[],
  textOf: (answer: T) => string,
): T[] {
  const names = answers.map((answer) =>
    fields.flatMap((field, k) => (prefixNames(textOf(answer), field) ? [k] : [])),
  );
  const placed = new Map<number, number>();
  names.forEach((fieldIndexes, a) => {
    if (fieldIndexes.length !== 1) return;
    const k = fieldIndexes[0];
    const rivals = names.filter((other) => other.includes(k)).length;
    if (rivals === 1) placed.set(k, a);
  });
  if (placed.size === 0) return [...answers];
  const taken = new Set(placed.values());
  const rest = answers.filter((_, a) => !taken.has(a));
  return fields.map((_, k) => {
    const a = placed.get(k);
    return a === undefined ? rest.shift()! : answers[a];
  });
}
