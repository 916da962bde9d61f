import { tokenSimilarity } from '../text-layer/text-normaliser';
import { type CaptionTerm, captionTerms } from './label-vocabulary';

/*
 * How much of a field's meaning a printed caption shares, when the caption does not hold every
 * word of any of the field's phrases. Where the label matcher asks "is this the field's caption?",
 * this asks "how close is it?", so a first-time schema's "Policy Number" still finds "Policy
 * ID", "Total Incurred" finds "Inc. Total" and "Date of Loss" half-finds "Date of Incident".
 * Only general knowledge of how captions are written lives here, nothing of a document type.
 */

/**
 * Words naming what kind of value a caption asks for rather than which one: "Claim ID" and
 * "Claim Number" ask for the same thing, and "Date" alone says little about which date.
 */
const IDENTIFIER_WORDS: ReadonlySet<string> = new Set([
  'number',
  'id',
  'identifier',
  'reference',
  'code',
]);
const KIND_WORDS: ReadonlySet<string> = new Set([...IDENTIFIER_WORDS, 'date', 'amount', 'name']);
/** A kind word counts for less than a word saying which value is meant. */
const KIND_WEIGHT = 0.5;
/** Truncations shorter than this ("in", "to") are too ambiguous to count as abbreviations. */
const MIN_PREFIX = 3;
/** Words a slip apart ("Valuation" / "Evaluation") are related, not the same. */
const NEAR_WORD = 0.85;
const NEAR_WORD_FACTOR = 0.8;

function weightOf(term: CaptionTerm): number {
  return KIND_WORDS.has(term.text) ? KIND_WEIGHT : 1;
}

/** 0..1: how far a printed caption word stands for a wanted one. */
function termAffinity(printed: CaptionTerm, wanted: CaptionTerm): number {
  if (printed.stem === wanted.stem || printed.text === wanted.text) return 1;
  // The parties on either side ("Insurer" / "Insured") are never one another, however close.
  if (printed.stem.endsWith('+agent') !== wanted.stem.endsWith('+agent')) return 0;
  if (IDENTIFIER_WORDS.has(printed.text) && IDENTIFIER_WORDS.has(wanted.text)) return 0.9;
  // Captions abbreviate by cutting a word short: "Inc." for "Incurred", "Est." for "Estimated".
  const [short, long] =
    printed.text.length <= wanted.text.length
      ? [printed.text, wanted.text]
      : [wanted.text, printed.text];
  if (short.length >= MIN_PREFIX && long.startsWith(short)) return 0.85;
  const near = tokenSimilarity(printed.text, wanted.text);
  return near >= NEAR_WORD && Math.min(short.length, long.length) >= 5
    ? near * NEAR_WORD_FACTOR
    : 0;
}

/**
 * 0..1 for one phrase: the share of the phrase's meaning the caption holds (its kind words
 * weighing less), times how much of the caption that explains; a caption with words of its own
 * ("Date of Birth" for "Date") asks for something else.
 */
function phraseSimilarity(phrase: readonly CaptionTerm[], caption: readonly CaptionTerm[]): number {
  if (phrase.length === 0 || caption.length === 0) return 0;
  const free = [...caption];
  let held = 0;
  let total = 0;
  for (const wanted of phrase) {
    const weight = weightOf(wanted);
    total += weight;
    let best = -1;
    let bestAffinity = 0;
    free.forEach((printed, k) => {
      const affinity = termAffinity(printed, wanted);
      if (affinity > bestAffinity) {
        best = k;
        bestAffinity = affinity;
      }
    });
    if (best < 0) continue;
    free.splice(best, 1);
    held += weight * bestAffinity;
  }
  if (held === 0) return 0;
  // Caption words left over; a kind word left over ("Estimated Amount") costs less.
  const unexplained = free.reduce((sum, term) => sum + weightOf(term), 0);
  const captionWeight = caption.reduce((sum, term) => sum + weightOf(term), 0);
  const explained = 1 - unexplained / captionWeight;
  return (held / total) * (0.6 + 0.4 * explained);
}

/**
 * Two adjacent words of `terms` written as one word of `other` ("Sub Total" / "Subtotal",
 * "Pay Roll" / "Payroll") become that one word, so the comparison sees one term on each side.
 */
function joinCompounds(
  terms: readonly CaptionTerm[],
  other: readonly CaptionTerm[],
): CaptionTerm[] {
  const wanted = new Map(other.map((t) => [t.text, t]));
  const result: CaptionTerm[] = [];
  for (let i = 0; i < terms.length; i += 1) {
    const joined = i + 1 < terms.length ? wanted.get(terms[i].text + terms[i + 1].text) : undefined;
    if (joined) {
      result.push(joined);
      i += 1;
    } else result.push(terms[i]);
  }
  return result;
}

/** 0..1: the best similarity of a printed caption to any of a field's phrases. */
export function captionSimilarity(phrases: readonly string[], caption: string): number {
  const printed = captionTerms(caption);
  return Math.max(
    0,
    ...phrases.map((phrase) => {
      const terms = captionTerms(phrase);
      return phraseSimilarity(joinCompounds(terms, printed), joinCompounds(printed, terms));
    }),
  );
}

/** Some phrase holds one of `words` as a caption term (abbreviations expanded). */
function namesAnyOf(phrases: readonly string[], words: ReadonlySet<string>): boolean {
  return phrases.some((phrase) => captionTerms(phrase).some((t) => words.has(t.text)));
}

const NAME_WORDS: ReadonlySet<string> = new Set(['name']);

/** The field (or caption) asks for a name ("Insured Name", "Account Name", "Name of Agent"). */
export function asksForName(phrases: readonly string[]): boolean {
  return namesAnyOf(phrases, NAME_WORDS);
}

/** The field asks for an identifier ("Policy Number", "Claim ID", "Invoice #"). */
export function asksForIdentifier(phrases: readonly string[]): boolean {
  return namesAnyOf(phrases, IDENTIFIER_WORDS);
}
