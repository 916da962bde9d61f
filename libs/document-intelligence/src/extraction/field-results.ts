import type {
  ExtractedField,
  ExtractionSource,
  ScalarValue,
} from '../schema/extraction-result.types';
import { NOT_FOUND_DOUBT, weakCaptionDoubt } from '../schema/extraction-result.types';
import type { FieldDefinition, ObjectFieldDefinition } from '../schema/field-schema.types';
import { groundingOf, joinWords } from '../values/word-span';
import type { Candidate } from './scalar-candidates';

/**
 * The values stage's last step: a chosen reading becomes the field it answers, with the doubts a
 * reviewer should see (a weak caption, a pattern without one, a rival reading); a field nothing
 * answered says why.
 */

/** A caption matched below this is a guess worth a reviewer's look. */
const WEAK_LABEL_SCORE = 0.72;

export function notFound(
  field: FieldDefinition,
  documentId: string | undefined,
  unparsed: readonly string[] = [],
): ExtractedField {
  const doubt =
    unparsed.length > 0
      ? `not a valid ${field.type} at its caption: "${unparsed[0]}"`
      : NOT_FOUND_DOUBT;
  return {
    key: field.key,
    type: field.type,
    value: null,
    confidence: 0,
    ...(documentId === undefined ? {} : { documentId }),
    source: 'not-found',
    notes: ['value not found'],
    doubts: [doubt],
  };
}

export function toField(
  candidate: Candidate,
  documentId: string | undefined,
  source?: ExtractionSource,
  rival?: Candidate,
): ExtractedField {
  const doubts: string[] = [];
  if (candidate.source === 'pattern') doubts.push('no caption found; taken by pattern only');
  else if (candidate.labelScore < WEAK_LABEL_SCORE)
    doubts.push(weakCaptionDoubt(joinWords(candidate.labelWords), candidate.labelScore));
  if (rival) doubts.push(`ambiguous: "${rival.text}" scored close`);
  return {
    ...(doubts.length > 0 ? { doubts } : {}),
    key: candidate.field.key,
    type: candidate.field.type,
    value: candidate.value,
    text: candidate.text,
    // An ambiguous reading is at best a coin toss between the two.
    confidence: rival ? Math.min(candidate.score, 0.5) : candidate.score,
    ...(documentId === undefined ? {} : { documentId }),
    grounding: groundingOf(candidate.words, documentId),
    source: source ?? candidate.source,
    notes: candidate.notes,
  };
}

export function objectResult(
  object: ObjectFieldDefinition,
  chosen: ReadonlyMap<string, Candidate>,
  documentId: string | undefined,
  inSection: boolean,
): ExtractedField {
  const properties = object.fields.map((f) => {
    const c = chosen.get(f.key);
    return c ? toField(c, documentId, inSection ? 'section' : undefined) : notFound(f, documentId);
  });
  const found = properties.filter((p) => p.value !== null);
  if (found.length === 0) return { ...notFound(object, documentId), properties };
  const value: Record<string, ScalarValue | null> = {};
  for (const p of properties) value[p.key] = p.value as ScalarValue | null;
  const words = object.fields.flatMap((f) => chosen.get(f.key)?.words ?? []);
  // Missing required parts make the object as doubtful as its weakest required part.
  const confidence = Math.min(
    ...object.fields.map((f, i) =>
      f.required || properties[i].value !== null ? properties[i].confidence : 1,
    ),
  );
  return {
    key: object.key,
    type: 'object',
    value,
    confidence,
    ...(documentId === undefined ? {} : { documentId }),
    grounding: groundingOf(words, documentId),
    source: inSection ? 'section' : 'label-right',
    properties,
    notes: inSection ? [] : ['section heading not found; sub-fields read from the whole document'],
  };
}
