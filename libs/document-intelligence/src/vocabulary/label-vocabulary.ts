import stem from 'wink-porter2-stemmer';

import { tokenise } from '../text-layer/text-normaliser';
import { namesAPerson } from './word-senses';

/*
 * The vocabulary used to compare a configured field (key, label, synonyms) with a printed
 * caption or column header. Nothing here knows a document type: only how people abbreviate and
 * phrase captions in general, so "Policy number" finds "POLICY NO.", "Name of Insured" finds
 * "Insured name" and "Phone" finds "Tel.".
 */

/** Abbreviations of form captions, folded to the words they stand for. */
const ABBREVIATIONS: Readonly<Record<string, readonly string[]>> = {
  no: ['number'],
  nbr: ['number'],
  num: ['number'],
  nr: ['number'],
  '#': ['number'],
  ref: ['reference'],
  tel: ['phone'],
  telephone: ['phone'],
  ph: ['phone'],
  dt: ['date'],
  dol: ['date', 'loss'],
  dob: ['date', 'birth'],
  amt: ['amount'],
  qty: ['quantity'],
  desc: ['description'],
  addr: ['address'],
  acct: ['account'],
  yr: ['year'],
  eff: ['effective'],
  exp: ['expiration'],
  expiry: ['expiration'],
  ins: ['insured'],
  cov: ['coverage'],
  ded: ['deductible'],
  prem: ['premium'],
  tot: ['total'],
  vin: ['vehicle', 'identification', 'number'],
  vat: ['value', 'added', 'tax'],
  '&': ['and'],
};

/** The word is a caption's abbreviation of "number" ("No", "Nr", "#"). */
export function abbreviatesNumber(word: string): boolean {
  return ABBREVIATIONS[word.toLowerCase()]?.join(' ') === 'number';
}

/**
 * Words after which a caption names what its amount leaves out ("Total Before Tax", "Amount
 * excl. VAT", "Premium less Discount"): the words that follow say what the value is not.
 */
const LEAVES_OUT = /^(?:before|excluding|excl\.?|without|less|minus|ex)$/i;

/** The caption without the part that names what it leaves out: "Total Before Tax" -> "Total". */
export function withoutLeftOut(caption: string): string {
  const words = caption.trim().split(/\s+/);
  const at = words.findIndex((word) => LEAVES_OUT.test(word));
  return at < 0 ? caption : words.slice(0, at).join(' ');
}

/** Words that do not change what a caption asks for ("Name of the insured" = "Insured name"). */
const STOP_WORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'and',
  'at',
  'by',
  'for',
  'in',
  'is',
  'of',
  'on',
  'or',
  'per',
  'the',
  'this',
  'to',
  'your',
]);

const stems = new Map<string, string>();

/** Agent nouns: "insurer", "employer", "lessor" (the party that acts). */
const AGENT_NOUN = /(?:er|or)s?$/;
/** A past participle: "insured", "accused". */
const PARTICIPLE = /ed$/;
/** Marks a stem keeps when the stemmer folds a party's name into another word's stem. */
const AGENT_MARK = '+agent';
const PERSON_MARK = '+party';

/**
 * The stemmer folds "insurer", "insured" and "insurance" (the two parties of a policy and the
 * policy itself) into one stem; a caption naming one never asks for another. So an agent noun
 * keeps a mark, and so does a participle the dictionary holds as a noun naming a person ("the
 * insured", "the accused"): three stems, never one another by spelling.
 */
function roleMark(token: string, found: string): string {
  if (found === token) return '';
  if (AGENT_NOUN.test(token) && !AGENT_NOUN.test(found)) return AGENT_MARK;
  if (PARTICIPLE.test(token) && namesAPerson(token)) return PERSON_MARK;
  return '';
}

function stemOf(token: string): string {
  let found = stems.get(token);
  if (found === undefined) {
    // Digits and one-letter tokens are not words: stemming them only invents collisions.
    found = /^[a-z]{3,}$/.test(token) ? stem(token) : token;
    found += roleMark(token, found);
    stems.set(token, found);
  }
  return found;
}

/** The party a stem names by its mark: '+agent', '+party', or '' for any other word. */
function markOf(stem: string): string {
  if (stem.endsWith(AGENT_MARK)) return AGENT_MARK;
  return stem.endsWith(PERSON_MARK) ? PERSON_MARK : '';
}

/**
 * Two words the stemmer folded together that name different parties: "Insurer" is never a slip
 * of "Insured", nor "Insured" a shortening of "Insurance". A word OCR garbled ("Insurcd") has a
 * stem of its own and is no such word.
 */
export function otherParty(printed: CaptionTerm, wanted: CaptionTerm): boolean {
  const printedMark = markOf(printed.stem);
  const wantedMark = markOf(wanted.stem);
  return (
    printedMark !== wantedMark &&
    printed.stem.slice(0, printed.stem.length - printedMark.length) ===
      wanted.stem.slice(0, wanted.stem.length - wantedMark.length)
  );
}

/**
 * Of two such words, one names the party a policy covers ("Insured"): the dictionary defines it
 * by the policy ("a person who holds an insurance policy"), yet a caption naming the policy or
 * its seller ("Insurance Provider", "Insurer") never asks for the insured, nor the other way.
 */
export function otherPartyThanInsured(printed: CaptionTerm, wanted: CaptionTerm): boolean {
  return (
    otherParty(printed, wanted) &&
    (markOf(printed.stem) === PERSON_MARK || markOf(wanted.stem) === PERSON_MARK)
  );
}

/** Some word of the text is an agent noun to the vocabulary ("Insurer", "Broker"). */
export function namesAgent(text: string): boolean {
  return captionTerms(text).some((t) => markOf(t.stem) === AGENT_MARK);
}

/** A caption word as compared: its stem, and the unstemmed word for OCR-slip comparison. */
export interface CaptionTerm {
  readonly stem: string;
  readonly text: string;
  /** A stop word: ignored unless the caption is nothing but stop words ("To"). */
  readonly stop: boolean;
}

function termsOf(text: string): CaptionTerm[] {
  return tokenise(text)
    .flatMap((token) => ABBREVIATIONS[token] ?? [token])
    .map((text) => ({ stem: stemOf(text), text, stop: STOP_WORDS.has(text) }));
}

/**
 * The comparable terms of a caption or field phrase: abbreviations expanded, stemmed, stop
 * words dropped unless the caption is nothing but stop words.
 */
export function captionTerms(text: string): CaptionTerm[] {
  const terms = termsOf(text);
  const content = terms.filter((t) => !t.stop);
  return content.length > 0 ? content : terms;
}

/** The terms of one printed word, stop words marked rather than dropped. */
export function wordCaptionTerms(text: string): CaptionTerm[] {
  return termsOf(text);
}

/** Stems of a caption's terms, for order-free comparison. */
export function captionTokens(text: string): string[] {
  return captionTerms(text).map((t) => t.stem);
}

/** "date_of_loss", "dateOfLoss", "policy-no" → words a caption may print. */
export function keyAsPhrase(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim();
}

/**
 * Every phrase a field may be printed under: its label, its synonyms, and its key read as words
 * (a first-time schema's "date_of_loss" already says what the caption is about).
 */
export function fieldPhrases(field: {
  readonly key: string;
  readonly label?: string;
  readonly synonyms?: readonly string[];
}): string[] {
  const phrases = [field.label, ...(field.synonyms ?? []), keyAsPhrase(field.key)];
  return [...new Set(phrases.filter((p): p is string => !!p && p.trim().length > 0))];
}
