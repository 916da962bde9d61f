import { tokenSimilarity } from '../text-layer/text-normaliser';
import {
  type CaptionTerm,
  captionTerms,
  otherParty,
  otherPartyThanInsured,
  withoutLeftOut,
} from '../vocabulary/label-vocabulary';
import { tradeTermSimilarity } from '../vocabulary/trade-terms';
import {
  definitionWords,
  isLemma,
  namesAGroup,
  namesARole,
  type SenseRelation,
  senseRelation,
} from '../vocabulary/word-senses';

/*
 * How much of a field's meaning a printed caption shares, when the caption does not hold every
 * word of any of the field's phrases. Where the label matcher asks "is this the field's caption?",
 * this asks "how close is it?", so a first-time schema's "Policy Number" still finds "Policy
 * ID", "Total Incurred" finds "Inc. Total" and "Date of Loss" half-finds "Date of Incident".
 * Words that share no letters may still share a meaning: the English dictionary (WordNet,
 * word-senses.ts) says "Broker" can mean "Agent" and "Insurer" "Insurance Company".
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
/** "Named" says a party's name is asked for, as "Name" does ("Named Insured", ACORD's caption). */
const KIND_WORDS: ReadonlySet<string> = new Set([
  ...IDENTIFIER_WORDS,
  'date',
  'amount',
  'name',
  'named',
]);
/** A kind word counts for less than a word saying which value is meant. */
const KIND_WEIGHT = 0.5;
/** Truncations shorter than this ("in", "to") are too ambiguous to count as abbreviations. */
const MIN_PREFIX = 3;
/** Words a slip apart ("Valuation" / "Evaluation") are related, not the same. */
const NEAR_WORD = 0.85;
const NEAR_WORD_FACTOR = 0.8;

/**
 * Words the dictionary gives a sense in common (synonyms) stand for one another less surely
 * than the same word: a caption word has many senses, and the one it shares may not be the one
 * the caption means. A caption may print a broader word than the field's ("Contract" for a
 * policy, "Ends" for an expiration; its place on the page says which one), or an adjective the
 * dictionary gives as similar, or a word the dictionary defines the field's word with
 * ("Certificate" for a policy, "a written contract or certificate of insurance"; unless it
 * defines several of the names in competition, see sharedDefiningWords): those count less
 * still. A narrower word ("Total" for a quantity)
 * names one kind among others a schema may ask for apart, and does not count: on the
 * development draws it read wrong table columns and fixed nothing.
 */
const SENSE_AFFINITY: Readonly<Record<SenseRelation, number>> = {
  synonym: 0.75,
  hypernym: 0.5,
  similar: 0.5,
  defining: 0.5,
  hyponym: 0,
};
/** Shorter words are abbreviations or codes, not dictionary words. */
const MIN_DICTIONARY_WORD = 3;

function weightOf(term: CaptionTerm): number {
  return KIND_WORDS.has(term.text) ? KIND_WEIGHT : 1;
}

/**
 * 0..1: how far the dictionary says one word means the other. Kind words are left out: they say
 * what kind of value is asked for, which the field's type already checks, and the dictionary
 * would make "Number" an "Amount" and "Date" a "Day".
 */
function senseAffinity(printed: CaptionTerm, wanted: CaptionTerm, shared: SharedWords): number {
  for (const term of [printed, wanted]) {
    if (!dictionaryWord(term)) return 0;
  }
  const relation = senseRelation(printed.text, wanted.text);
  // A word defining several of the names in competition says nothing about which one is meant.
  if (relation === 'defining' && shared.has(printed.text)) return 0;
  return relation === null ? 0 : SENSE_AFFINITY[relation];
}

function dictionaryWord(term: CaptionTerm): boolean {
  return (
    !term.stop &&
    !KIND_WORDS.has(term.text) &&
    term.text.length >= MIN_DICTIONARY_WORD &&
    /^[a-z]+(?: [a-z]+)?$/.test(term.text)
  );
}

/** Words of the definitions of two or more of the names a caption is compared with. */
export type SharedWords = ReadonlySet<string>;

/**
 * The words that define two or more of the given names (each name: a field's or column's
 * phrases): "insurance" defines "premium", "deductible" and "coverage" alike, so a caption
 * printing it ("Amount of Insurance") is none of them by its definitions.
 */
export function sharedDefiningWords(names: ReadonlyArray<readonly string[]>): SharedWords {
  const counts = new Map<string, number>();
  for (const phrases of names) {
    const words = new Set<string>();
    for (const phrase of phrases)
      for (const reading of readings(phrase))
        for (const term of reading)
          if (dictionaryWord(term)) definitionWords(term.text).forEach((w) => words.add(w));
    words.forEach((w) => counts.set(w, (counts.get(w) ?? 0) + 1));
  }
  return new Set([...counts].filter(([, n]) => n >= 2).map(([w]) => w));
}

/** 0..1: how far a printed caption word stands for a wanted one. */
function termAffinity(printed: CaptionTerm, wanted: CaptionTerm, shared: SharedWords): number {
  if (printed.stem === wanted.stem || printed.text === wanted.text) return 1;
  const bySense = senseAffinity(printed, wanted, shared);
  // The parties on either side ("Insurer" / "Insured") and the policy ("Insurance") are never
  // one another by spelling, however close; only the dictionary may relate them, and never the
  // insured to the others (a loss run of draw 7034 read its "INSURANCE PROVIDER" for the
  // insured and its "ACCOUNT NAME" for the carrier).
  if (otherPartyThanInsured(printed, wanted)) return 0;
  if (otherParty(printed, wanted)) return bySense;
  return Math.max(bySense, spellingAffinity(printed, wanted));
}

/** 0..1: how far a printed word is spelt as the wanted one, cut short or a slip away. */
function spellingAffinity(printed: CaptionTerm, wanted: CaptionTerm): number {
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
function phraseSimilarity(
  phrase: readonly CaptionTerm[],
  caption: readonly CaptionTerm[],
  shared: SharedWords,
): number {
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
      const affinity = termAffinity(printed, wanted, shared);
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

/**
 * Two adjacent words the dictionary holds as one lemma ("Insurance Company") become one term,
 * so it can be compared as a whole ("Insurer" is an insurance company; it is neither word).
 */
function joinCollocations(terms: readonly CaptionTerm[]): CaptionTerm[] {
  const result: CaptionTerm[] = [];
  for (let i = 0; i < terms.length; i += 1) {
    const pair = i + 1 < terms.length ? `${terms[i].text} ${terms[i + 1].text}` : undefined;
    if (pair && /^[a-z]+ [a-z]+$/.test(pair) && isLemma(pair)) {
      result.push({ stem: pair, text: pair, stop: false });
      i += 1;
    } else result.push(terms[i]);
  }
  return result;
}

function termsSimilarity(
  phrase: readonly CaptionTerm[],
  printed: readonly CaptionTerm[],
  shared: SharedWords,
): number {
  return phraseSimilarity(joinCompounds(phrase, printed), joinCompounds(printed, phrase), shared);
}

const NONE_SHARED: SharedWords = new Set();

/**
 * 0..1: the best similarity of a printed caption to any of a field's phrases. `shared`: words
 * defining several of the names in competition (sharedDefiningWords), not counted as defining.
 */
export function captionSimilarity(
  phrases: readonly string[],
  caption: string,
  shared: SharedWords = NONE_SHARED,
): number {
  // What a caption says its amount leaves out is not what it asks for: "Total Before Tax" is no
  // tax (draw 7026 read an invoice's subtotal for the tax and its VAT for the subtotal). The
  // words stay in the caption, unexplained, for any other field.
  // A caption that is nothing but what is left out ("Less Discount") asks for that amount.
  const kept = withoutLeftOut(caption);
  if (kept === caption || kept === '') return similarityAsPrinted(phrases, caption, shared);
  return Math.min(
    similarityAsPrinted(phrases, caption, shared),
    similarityAsPrinted(phrases, kept, shared),
  );
}

function similarityAsPrinted(
  phrases: readonly string[],
  caption: string,
  shared: SharedWords,
): number {
  const printedReadings = readings(caption);
  return Math.max(
    // Two names a published standard gives one thing ("Billed Quantity" for a quantity).
    tradeTermSimilarity(phrases, caption),
    ...phrases.flatMap((phrase) =>
      // Word by word, or with collocations as one term on either side: whichever reads closer.
      readings(phrase).flatMap((wanted) =>
        printedReadings.map((shown) => termsSimilarity(wanted, shown, shared)),
      ),
    ),
  );
}

const readingCache = new Map<string, ReadonlyArray<readonly CaptionTerm[]>>();
/** Captions and phrases repeat from page to page; this many readings are kept. */
const READING_CACHE_SIZE = 5000;

/**
 * A caption's or phrase's terms word by word and, when the dictionary holds two of them as one
 * lemma, so joined.
 */
function readings(text: string): ReadonlyArray<readonly CaptionTerm[]> {
  let found = readingCache.get(text);
  if (!found) {
    const terms = captionTerms(text);
    const joined = joinCollocations(terms);
    found = joined.length === terms.length ? [terms] : [terms, joined];
    if (readingCache.size >= READING_CACHE_SIZE) readingCache.clear();
    readingCache.set(text, found);
  }
  return found;
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

/**
 * The field (or caption) names a party by its role, its last word a noun the dictionary holds
 * for a person ("Client", "Account Executive", "Agent", "Named Insured"; word-senses.ts): it asks
 * for that party's name, a person's or a firm's, though it never says "name". With `onlyPerson`,
 * not a role the dictionary also gives a firm ("Carrier": a transport company).
 */
export function asksForParty(phrases: readonly string[], onlyPerson = false): boolean {
  return phrases.some((phrase) => {
    const words = phrase.toLowerCase().match(/[a-z]+/g) ?? [];
    const last = words[words.length - 1];
    return (
      last !== undefined &&
      last.length >= 3 &&
      namesARole(last) &&
      !(onlyPerson && namesAGroup(last))
    );
  });
}

const PLACE_WORDS: ReadonlySet<string> = new Set(['address', 'location', 'premises', 'site']);

/** The field asks for a place ("Loss Location", "Property Address", "Risk Premises"). */
export function asksForPlace(phrases: readonly string[]): boolean {
  return namesAnyOf(phrases, PLACE_WORDS);
}

/** Words of a caption or a field asking for a phone number. */
export const PHONE_NAMES = /\b(?:phone|telephone|tel|mobile|cell|fax)\b/i;

/** The field asks for a phone number ("Contact Phone", "Tel."). */
export function asksForPhone(phrases: readonly string[]): boolean {
  return phrases.some((phrase) => PHONE_NAMES.test(phrase));
}

/** The field asks for an identifier ("Policy Number", "Claim ID", "Invoice #"). */
export function asksForIdentifier(phrases: readonly string[]): boolean {
  return namesAnyOf(phrases, IDENTIFIER_WORDS);
}
