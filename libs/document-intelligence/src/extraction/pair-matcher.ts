import type { KeyValuePair, LayoutText, PageLayout } from '../layout/layout.types';
import { captionShaped, layoutText } from '../layout/layout-text';
import { DEFAULT_LINKER_RANKING, type LinkerRanking, pairLinkProbability } from '../linker/linker';
import {
  type ExtractedField,
  type ScalarValue,
  weakCaptionDoubt,
} from '../schema/extraction-result.types';
import type { ScalarFieldDefinition } from '../schema/field-schema.types';
import { type PositionedWord, splitSegments, type TextLine } from '../text-layer/line-grouper';
import { parseBoolean } from '../values/boolean-normaliser';
import { onOneLine, parseScalarWords, withOptionsAfter } from '../values/marked-option';
import { parseScalar } from '../values/scalar-value.parser';
import { groundingOf, meanConfidence, wordKey, wordsInSpan } from '../values/word-span';
import { fieldPhrases } from '../vocabulary/label-vocabulary';
import {
  asksForName,
  asksForPlace,
  captionSimilarity,
  PHONE_NAMES,
  sharedDefiningWords,
} from './caption-similarity';
import { byIdentifierPrefix, prefixNames } from './identifier-prefix';
import { SHAPE_DOUBT_FACTOR, valueShapeDoubts } from './value-doubts';
import {
  fitsKind,
  nameShaped,
  VALUE_KINDS,
  type ValueKind,
  wholeTokens,
  wholly,
} from './value-kinds';

/*
 * Schema to layout, for the fields no caption names in full: each is matched to the key-value
 * pairs the layout analysis found without a schema, by how much meaning the pair's caption
 * shares with the field (caption-similarity.ts), whether the pair's answer is of the field's
 * type, and one pair per field. A value found this way is never trusted as much as one under
 * the field's own caption: its confidence stays below 0.9, and a weak match is flagged. What no
 * caption names may still be settled by what is left: the one answer of a kind left for the one
 * field of that kind, the one answer that is one of an enum field's options, the one text answer
 * left for the one text field left; each is a flagged guess at 0.5 or less.
 */

/**
 * Below this a caption shares too little with the field to be read for it. A caption holding
 * only the field's kind word ("Date of Incident" for "Date of Loss") is just above it: worth a
 * flagged guess when the answer is of the field's type.
 */
const MIN_SIMILARITY = 0.2;
/** Any text parses as a string, so a string field needs a closer caption. */
const MIN_STRING_SIMILARITY = 0.4;
/** Matched by meaning, a value is at most this sure. */
const MAX_CONFIDENCE = 0.85;
/** Below this the match is a guess for a reviewer to confirm. */
const WEAK_SIMILARITY = 0.72;
/** A rival pair this close in score with another value makes the field ambiguous. */
const AMBIGUOUS_RATIO = 0.9;

interface PairCandidate {
  readonly field: ScalarFieldDefinition;
  readonly pair: KeyValuePair;
  readonly value: ScalarValue;
  readonly text: string;
  readonly words: readonly PositionedWord[];
  readonly similarity: number;
  /**
   * What tied the answer to the field: its caption's meaning, its shape, its type alone, being
   * one of the field's options, or being the one answer left for the one field left.
   */
  readonly by: 'caption' | 'shape' | 'type' | 'option' | 'elimination';
  /** For `by: 'type'`: the kind of value, and how many were left, taken in configuration order. */
  readonly kind?: string;
  readonly among?: number;
  /** Of several of its kind, placed at its field by its prefix ("CLM-..." a claim number). */
  readonly placedBy?: 'shape' | 'prefix';
  readonly score: number;
  /**
   * What orders caption matches: the score with the rules' confidence in the pair replaced by
   * the learned linker's probability, or the score itself.
   */
  readonly rank: number;
}

/** The pairs of every page whose caption and answer no earlier reading took. */
function freePairs(layouts: readonly PageLayout[], used: ReadonlySet<string>): KeyValuePair[] {
  return layouts.flatMap((layout) =>
    layout.keyValuePairs.filter(
      (pair) =>
        pair.value !== null &&
        pair.arrangement !== 'checkbox' &&
        ![...pair.key.words, ...pair.value.words].some((w) => used.has(wordKey(w))),
    ),
  );
}

/**
 * A caption and its answer the layout analysis did not pair, read from a line printing just the
 * two: below the confidence of any pair the layout found, so a layout pair with as close a
 * caption still ranks first and a reading from such a line is never sure enough to pass review.
 */
const LINE_PAIR_CONFIDENCE = 0.55;

/**
 * Pairs from lines of exactly two segments, a caption-shaped one and its answer beside it
 * ("Policy ID    AEV9147594"), whose caption the layout analysis gave no role: a grid of
 * captions and answers it read as a table or as captions stacked over one another
 * ("Nature of Loss" over "Policy ID") still holds, on each line, a caption beside its answer.
 * The answer may be one the layout paired with another caption; the readings settle which.
 */
export function linePairs(
  lines: readonly TextLine[],
  layouts: readonly PageLayout[],
): KeyValuePair[] {
  const layoutPairs = layouts.flatMap((layout) => layout.keyValuePairs);
  const paired = new Set<string>();
  const captions = new Set<string>();
  for (const pair of layoutPairs) {
    for (const w of [...pair.key.words, ...(pair.value?.words ?? [])]) paired.add(wordKey(w));
    for (const w of pair.key.words) captions.add(wordKey(w));
  }
  const pairs: KeyValuePair[] = [];
  const offer = (caption: readonly PositionedWord[], answer: readonly PositionedWord[]): void => {
    pairs.push({
      key: layoutText(caption),
      value: layoutText(answer),
      arrangement: 'right',
      confidence: LINE_PAIR_CONFIDENCE,
    });
  };
  for (const line of lines) {
    const segments = splitSegments(line);
    if (segments.length === 1) {
      if (segments[0].words.some((w) => captions.has(wordKey(w)))) continue;
      for (const [caption, answer] of interleavedPairs(segments[0].words)) offer(caption, answer);
      continue;
    }
    if (segments.length === 3) continue;
    // Two segments, or four and more: each unpaired caption with the segment after it
    // ("Name of Insured  Priya Kim  Peril  Theft"; "Policy #  HO642856750  Police Called  X Yes  No").
    for (let i = 0; i + 1 < segments.length; i += 1) {
      const [caption, answer] = [segments[i], segments[i + 1]];
      if (!captionShaped(caption.text)) continue;
      if (caption.words.some((w) => paired.has(wordKey(w)))) continue;
      offer(caption.words, answer.words);
      i += 1;
    }
  }
  // An answer the layout gave to another caption stays that caption's, unless that caption is
  // itself an answer beside a caption on its line ("Theft" beside "Nature of Loss"): a caption
  // printed apart ("FILE NUMBER" over an address run into its number) says the line's answer
  // holds another column's.
  const answers = new Set(pairs.flatMap((pair) => pair.value!.words.map(wordKey)));
  // An answer the layout read together with the line pair's own caption ("ISSUING COMPANY
  // Keystone ..." under a heading) was never that caption's answer.
  const claimedElsewhere = (pair: KeyValuePair): boolean => {
    const own = new Set(pair.value!.words.map(wordKey));
    const caption = pair.key.words.map(wordKey);
    return layoutPairs.some(
      (other) =>
        other.value?.words.some((w) => own.has(wordKey(w))) &&
        !other.value.words.some((w) => caption.includes(wordKey(w))) &&
        !other.key.words.every((w) => answers.has(wordKey(w))),
    );
  };
  return pairs.filter((pair) => !claimedElsewhere(pair));
}

/** A word of a caption printed in capitals: letters (and `#`, `/`, `.`, `&`), no digit, none lower case. */
const CAPITALS_WORD = /^(?=.*\p{Lu}\p{Lu})[\p{Lu}#/.&'-]+:?$/u;
/** A word of an answer printed in ordinary case: a lower-case letter or a digit. */
const ANSWER_WORD = /[\p{Ll}\p{N}]/u;

/**
 * One run of words that is two captions in capitals each followed by its answer in ordinary case,
 * the gaps too narrow to split it ("ISSUING COMPANY Keystone Fidelity Insurance EVALUATION DATE
 * December 29, 2024"): the caption and answer runs, read as pairs. Only a run that alternates at
 * least twice is read so (one caption and its answer run together is as likely a heading over
 * text), and only when every word is either a capitals word or an ordinary-case one.
 */
export function interleavedPairs(
  words: readonly PositionedWord[],
): Array<[readonly PositionedWord[], readonly PositionedWord[]]> {
  const runs: Array<{ capitals: boolean; words: PositionedWord[] }> = [];
  for (const word of words) {
    const capitals = CAPITALS_WORD.test(word.text);
    if (!capitals && !ANSWER_WORD.test(word.text)) return [];
    const last = runs[runs.length - 1];
    if (last && last.capitals === capitals) last.words.push(word);
    else runs.push({ capitals, words: [word] });
  }
  if (runs.length < 4 || runs.length % 2 !== 0 || !runs[0].capitals) return [];
  const pairs: Array<[readonly PositionedWord[], readonly PositionedWord[]]> = [];
  for (let i = 0; i < runs.length; i += 2) {
    const caption = runs[i].words;
    if (caption.length < 2 || !captionShaped(caption.map((w) => w.text).join(' '))) return [];
    pairs.push([caption, runs[i + 1].words]);
  }
  return pairs;
}

function unusedPairs(pairs: readonly KeyValuePair[], used: ReadonlySet<string>): KeyValuePair[] {
  return pairs.filter(
    (pair) => ![...pair.key.words, ...(pair.value?.words ?? [])].some((w) => used.has(wordKey(w))),
  );
}

/**
 * Answers whose shape says what they are, whatever their caption: a field whose label names a
 * phone takes a phone number under "Contact No.", one naming an e-mail an address with an @.
 */
const SHAPES: ReadonlyArray<{ readonly names: RegExp; readonly shape: RegExp }> = [
  {
    names: PHONE_NAMES,
    shape: /^\s*(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}\s*$/,
  },
  { names: /\b(?:e-?mail)\b/i, shape: /^\s*[^\s@]+@[^\s@]+\.[a-z]{2,}\s*$/i },
];
/** How far an answer's shape alone matches its field: a guess, flagged as a weak match. */
const SHAPE_SIMILARITY = 0.45;

function shapeSimilarity(field: ScalarFieldDefinition, answer: string): number {
  if (field.type !== 'string') return 0;
  const phrases = fieldPhrases(field).join(' ');
  return SHAPES.some(({ names, shape }) => names.test(phrases) && shape.test(answer))
    ? SHAPE_SIMILARITY
    : 0;
}

/**
 * `byCaption`: how close the pair's caption is to the field (captionSimilarity). `choices`: for a
 * yes/no, the pair's answer with the options and tick marks printed after it on its line.
 */
function candidateFor(
  field: ScalarFieldDefinition,
  pair: KeyValuePair,
  byCaption: number,
  ranking: LinkerRanking,
  choices: LayoutText | null,
): PairCandidate | null {
  const byShape = pair.value ? shapeSimilarity(field, pair.value.text) : 0;
  const similarity = Math.max(byCaption, byShape);
  const floor = field.type === 'string' ? MIN_STRING_SIMILARITY : MIN_SIMILARITY;
  if (similarity < floor || !pair.value) return null;
  const answer = (field.type === 'boolean' ? choices : null) ?? pair.value;
  const parsed = parseScalarWords(answer.words, field);
  if (!parsed || !fitsKind(field, answer.text) || !wholeTokens(answer.text, parsed)) {
    return null;
  }
  if (figureOpensWords(field, answer.text, parsed.end)) return null;
  const words = wordsInSpan(answer.words, parsed.start, parsed.end);
  if (words.length === 0) return null;
  const sureness = similarity * parsed.quality * meanConfidence(words);
  return {
    field,
    pair,
    value: parsed.value,
    text: answer.text.slice(parsed.start, parsed.end),
    words,
    similarity,
    by: byShape > byCaption ? 'shape' : 'caption',
    score: sureness * pair.confidence,
    rank: sureness * (ranking === 'learned' ? pairLinkProbability(pair) : pair.confidence),
  };
}

/** A word of letters: two or more, as a street's or a town's name is written. */
const LETTER_WORD = /\p{L}{2,}/gu;

/**
 * A number read from the start of an answer that goes on in words ("5496 Harbor Way,
 * Lexington, KY 40507" under "Loss Address"): a house number, a count in a sentence, never an
 * amount or a number answering the field. One word after it may be its unit or currency.
 */
function figureOpensWords(field: ScalarFieldDefinition, text: string, end: number): boolean {
  if (field.type !== 'money' && field.type !== 'number') return false;
  return (text.slice(end).match(LETTER_WORD) ?? []).length >= 2;
}

/**
 * Each pair's answer with the yes/no choices printed after it on its line ("Yes", then "X No"
 * a gap further), where there are any: the words of every pair and text block of its page.
 */
function answersWithChoices(
  layouts: readonly PageLayout[],
  pairs: readonly KeyValuePair[],
  fields: readonly ScalarFieldDefinition[],
): Map<KeyValuePair, LayoutText> {
  const result = new Map<KeyValuePair, LayoutText>();
  const yesNo = fields.find((f) => f.type === 'boolean');
  if (!yesNo) return result;
  for (const layout of layouts) {
    const pageWords = new Map<string, PositionedWord>();
    for (const block of layout.readingOrder)
      for (const w of block.words) pageWords.set(wordKey(w), w);
    for (const pair of layout.keyValuePairs)
      for (const w of [...pair.key.words, ...(pair.value?.words ?? [])])
        pageWords.set(wordKey(w), w);
    const words = [...pageWords.values()].sort((a, b) => a.box.x0 - b.box.x0);
    // The layout's pairs and the pairs read from the page's lines alike ("Police Report?  Yes
    // X No" on a line the layout paired nothing on, draw 7029).
    const onPage = pairs.filter((pair) => pair.key.words[0]?.pageNumber === layout.pageNumber);
    for (const pair of onPage) {
      const last = pair.value?.words.at(-1);
      if (!pair.value || !last) continue;
      const line = words.filter(
        (w) => w === last || (w.box.x0 >= last.box.x1 && onOneLine(w, last)),
      );
      const extended = withOptionsAfter(
        pair.value.words,
        [...pair.value.words.slice(0, -1), ...line],
        yesNo,
      );
      if (extended.length > pair.value.words.length) result.set(pair, layoutText(extended));
    }
  }
  return result;
}

function toField(
  chosen: PairCandidate,
  rival: PairCandidate | undefined,
  documentId: string | undefined,
): ExtractedField {
  const caption = chosen.pair.key.text;
  const doubts: string[] = [];
  if (chosen.by === 'elimination')
    doubts.push(`taken by elimination: "${caption}" shares no meaning with the field`);
  else if (chosen.similarity < WEAK_SIMILARITY)
    doubts.push(weakCaptionDoubt(caption, chosen.similarity));
  if (rival) doubts.push(`ambiguous: "${rival.text}" under "${rival.pair.key.text}" scored close`);
  const shapeDoubts = valueShapeDoubts(chosen.field, chosen.text);
  doubts.push(...shapeDoubts);
  // Calibrated on the quality benchmark's development draws (seeds 7001, 7002; never the scored
  // 606): values matched by meaning were right about 85-90 % of the time at every similarity,
  // so confidence rises only gently with it instead of tracking the similarity itself.
  const calibrated = Math.min(
    MAX_CONFIDENCE,
    (0.55 + 0.3 * chosen.similarity) * (chosen.score / chosen.similarity),
  );
  // An answer taken for its type alone is a guess, and one of several taken in order more so;
  // one taken only because nothing else was left is the least sure of all.
  const guessed: Partial<Record<PairCandidate['by'], number>> = {
    type: (chosen.among ?? 1) > 1 ? 0.4 : 0.5,
    option: 0.5,
    elimination: ELIMINATION_CONFIDENCE,
  };
  const confidence =
    Math.min(calibrated, guessed[chosen.by] ?? 1) *
    (shapeDoubts.length > 0 ? SHAPE_DOUBT_FACTOR : 1);
  return {
    ...(doubts.length > 0 ? { doubts } : {}),
    key: chosen.field.key,
    type: chosen.field.type,
    value: chosen.value,
    text: chosen.text,
    confidence: rival ? Math.min(confidence, 0.5) : confidence,
    ...(documentId === undefined ? {} : { documentId }),
    grounding: groundingOf(chosen.words, documentId),
    source: chosen.pair.arrangement === 'below' ? 'label-below' : 'label-right',
    notes: [
      {
        caption: `caption "${caption}" matched by meaning (${chosen.similarity.toFixed(2)})`,
        shape: `answer shaped as the field asks, under caption "${caption}"`,
        type:
          (chosen.among ?? 1) > 1
            ? `one of the ${chosen.among} ${chosen.kind} answers left on the page, taken ${chosen.placedBy ? `by its ${chosen.placedBy}` : "in the configuration's order"}, under caption "${caption}"`
            : `the one ${chosen.kind} answer left on the page, under caption "${caption}"`,
        option: `the one answer left on the page that is one of the field's options, under caption "${caption}"`,
        elimination: `the one text answer left on the page for the one text field left, under caption "${caption}"`,
      }[chosen.by],
    ],
  };
}

/** Only a guess: the one answer of the field's type left on the page, under any caption. */
const TYPE_ONLY_SIMILARITY = 0.3;

/**
 * A candidate no caption vouches for (a type, an option, elimination): its score is its guess's
 * similarity times how sure the layout and the words are. Null when the parsed span holds no word.
 */
function guessedCandidate(
  field: ScalarFieldDefinition,
  pair: KeyValuePair,
  parsed: { value: ScalarValue; start: number; end: number },
  guess: Pick<PairCandidate, 'similarity' | 'by' | 'kind' | 'among' | 'placedBy'>,
): PairCandidate | null {
  const words = wordsInSpan(pair.value!.words, parsed.start, parsed.end);
  if (words.length === 0) return null;
  const score = guess.similarity * pair.confidence * meanConfidence(words);
  return {
    field,
    pair,
    value: parsed.value,
    text: pair.value!.text.slice(parsed.start, parsed.end),
    words,
    ...guess,
    score,
    rank: score,
  };
}

/**
 * Fields of a kind no caption matched (dates, amounts, identifiers, names) take the page's remaining
 * answers of that kind when there are exactly as many such answers as such fields: "Valued As
 * Of  Sep 24, 2024" for a valuation date. Two or more are taken in reading order for the
 * configuration's order, the order documents print them far more often than not ("Parts &
 * Labor", "Balance Due" for a subtotal and a total), unless an identifier's prefix names its
 * field ("CLM-2022-935766" a claim number). A different count, and the page does not say.
 */
function onlyOfItsType(
  fields: readonly ScalarFieldDefinition[],
  chosen: ReadonlyMap<string, PairCandidate>,
  free: readonly KeyValuePair[],
  layouts: readonly PageLayout[],
): Map<string, PairCandidate> {
  const result = new Map<string, PairCandidate>();
  const pageOf = new Map(layouts.flatMap((l) => l.keyValuePairs.map((p) => [p, l.pageNumber])));
  for (const kind of VALUE_KINDS) {
    const asking = fields.filter(
      (f) => kind.asks(f) && !chosen.has(f.key) && !result.has(f.key) && !printedEmpty(f, layouts),
    );
    if (asking.length === 0) continue;
    const placedBefore = new Set([...result.values()].map((c) => c.pair));
    const answers = free
      .filter((pair) => !placedBefore.has(pair))
      .flatMap((pair) => {
        const parsed = kind.answers(asking[0], pair);
        return parsed ? [{ pair, parsed }] : [];
      })
      .sort((a, b) => inReadingOrder(a.pair, b.pair, pageOf));
    const open = admittingAnswers(kind, asking, answers);
    if (answers.length !== open.length) continue;
    const placed = placedAnswers(kind, open, answers);
    open.forEach((field, k) => {
      const { answer, by } = placed[k];
      const { pair } = answer;
      // Answers were told apart by the first open field's reading; each is read again by the
      // field it goes to (a VIN's O read as the 0 it stands for, where a claim number keeps it).
      const own = parseScalar(pair.value!.text, field);
      const parsed = own && wholly(pair.value!.text, own) ? own : answer.parsed;
      const candidate = guessedCandidate(field, pair, parsed, {
        similarity: TYPE_ONLY_SIMILARITY,
        by: 'type',
        kind: kind.name,
        among: open.length,
        ...(by === 'order' ? {} : { placedBy: by }),
      });
      if (candidate) result.set(field.key, candidate);
    });
  }
  return result;
}

/**
 * Each open field's answer, as many answers as fields: a field only one answer fits takes it
 * (a VIN's standard shape among claim and invoice numbers), again until none is left so; the
 * rest by an identifier's prefix naming its field, else in reading order for the
 * configuration's order.
 */
function placedAnswers<T extends { readonly pair: KeyValuePair }>(
  kind: ValueKind,
  fields: readonly ScalarFieldDefinition[],
  answers: readonly T[],
): Array<{ answer: T; by: 'shape' | 'prefix' | 'order' }> {
  const fits = fields.map((field) =>
    answers.flatMap((answer, a) => (kind.answers(field, answer.pair) !== null ? [a] : [])),
  );
  const byShape = new Map<number, number>();
  for (let changed = true; changed;) {
    changed = false;
    fields.forEach((_, k) => {
      if (byShape.has(k)) return;
      const left = fits[k].filter((a) => ![...byShape.values()].includes(a));
      if (left.length === 1 && fits[k].length < answers.length) {
        byShape.set(k, left[0]);
        changed = true;
      }
    });
  }
  const restFields = fields.filter((_, k) => !byShape.has(k));
  const restAnswers = answers.filter((_, a) => ![...byShape.values()].includes(a));
  const rest =
    kind.name === 'identifier'
      ? byIdentifierPrefix(restFields, restAnswers, (a) => a.pair.value!.text)
      : restAnswers;
  return fields.map((_, k) => {
    const shaped = byShape.get(k);
    if (shaped !== undefined) return { answer: answers[shaped], by: 'shape' };
    const r = restFields.indexOf(fields[k]);
    return { answer: rest[r], by: rest[r] === restAnswers[r] ? 'order' : 'prefix' };
  });
}

/**
 * The open fields of a kind that can take the answers left: with fewer answers than fields, a
 * field none of them fits (a VIN's field, its standard shape, beside an invoice number and a
 * claim number) is out of the count, so the others may still be placed.
 */
function admittingAnswers(
  kind: ValueKind,
  asking: readonly ScalarFieldDefinition[],
  answers: ReadonlyArray<{ readonly pair: KeyValuePair }>,
): readonly ScalarFieldDefinition[] {
  if (answers.length === 0 || answers.length >= asking.length) return asking;
  const admitting = asking.filter((field) =>
    answers.some(({ pair }) => kind.answers(field, pair) !== null),
  );
  if (admitting.length === answers.length) return admitting;
  return kind.name === 'identifier' ? (namedByPrefix(asking, answers) ?? asking) : asking;
}

/**
 * The fields the answers' prefixes name, one each, when every answer's prefix names exactly one
 * of the open fields and no two name the same: on a harsh scan whose "Policy #" caption OCR lost,
 * "CLM2022792124" under "File Number" was left for a claim number and a policy number, and
 * neither was read; its prefix says which it answers. Otherwise null.
 */
function namedByPrefix(
  asking: readonly ScalarFieldDefinition[],
  answers: ReadonlyArray<{ readonly pair: KeyValuePair }>,
): ScalarFieldDefinition[] | null {
  const named = answers.map(({ pair }) =>
    asking.filter((field) => prefixNames(pair.value!.text, field)),
  );
  const fields = named.flatMap((n) => (n.length === 1 ? n : []));
  return fields.length === answers.length && new Set(fields).size === fields.length ? fields : null;
}

/**
 * An enum field no caption matched takes the one answer left that is wholly one of its options
 * ("PERIL  Wind" for a type of loss offering Wind): the value itself says which field it answers.
 * Two such answers, or an answer another open enum field also offers, and the page does not say.
 */
function oneOfItsOptions(
  fields: readonly ScalarFieldDefinition[],
  chosen: ReadonlyMap<string, PairCandidate>,
  free: readonly KeyValuePair[],
): Map<string, PairCandidate> {
  const result = new Map<string, PairCandidate>();
  const open = fields.filter((f) => f.type === 'enum' && !chosen.has(f.key));
  const offers = open.map((field) => ({
    field,
    answers: free.flatMap((pair) => {
      const text = pair.value!.text;
      const parsed = parseScalar(text, field);
      return parsed && parsed.quality === 1 && wholly(text, parsed) ? [{ pair, parsed }] : [];
    }),
  }));
  for (const { field, answers } of offers) {
    if (answers.length !== 1) continue;
    const [{ pair, parsed }] = answers;
    const shared = offers.some((o) => o.field !== field && o.answers.some((a) => a.pair === pair));
    if (shared) continue;
    const candidate = guessedCandidate(field, pair, parsed, {
      similarity: TYPE_ONLY_SIMILARITY,
      by: 'option',
    });
    if (candidate) result.set(field.key, candidate);
  }
  return result;
}

/** Words and a closing stop: a sentence, as a description prints, never an address. */
const SENTENCE = /^\p{Lu}\p{Ll}*(?:\s+\S+){4,}\.$/u;

/** Taken only because it was the one answer left: a guess for a reviewer, never more. */
const ELIMINATION_CONFIDENCE = 0.35;
/** How far below the caption floor an eliminated answer's score sits. */
const ELIMINATION_SIMILARITY = 0.25;

/**
 * Answers a text field would not be written as: a yes/no, a number or amount, or a phone
 * number or e-mail address for a field not asking for one.
 */
function plainTextAnswer(field: ScalarFieldDefinition, text: string): boolean {
  if (parseBoolean(text) !== null) return false;
  if (!fitsKind(field, text)) return false;
  // A field asking for a name is no description's: left over beside a sentence, it takes the name.
  if (asksForName(fieldPhrases(field)) && !nameShaped(text)) return false;
  // Nor is a place a sentence ("Hail storm damaged the roof ..." under "Details", left over for a
  // loss location whose address a harsh scan of draw 7030 parted from its caption).
  if (asksForPlace(fieldPhrases(field)) && SENTENCE.test(text.trim())) return false;
  if (SHAPES.some(({ shape }) => shape.test(text)) && shapeSimilarity(field, text) === 0) {
    return false;
  }
  return /\p{L}{2}/u.test(text);
}

/**
 * By elimination: when every other field has its answer, the one text field left takes the
 * one text answer the page has left, whatever its caption ("INSURER  Granite Mutual" for a
 * "Carrier" the dictionary does not relate). More answers or more fields left, and the page
 * does not say. Answers printed alike on several pages count once.
 */
function byElimination(
  fields: readonly ScalarFieldDefinition[],
  chosen: ReadonlyMap<string, PairCandidate>,
  free: readonly KeyValuePair[],
  layouts: readonly PageLayout[],
  namedByCaption: (pair: KeyValuePair) => boolean,
): Map<string, PairCandidate> {
  const result = new Map<string, PairCandidate>();
  // Fields of other types left open cannot take a text answer: only text fields compete.
  const open = fields.filter((f) => f.type === 'string' && !chosen.has(f.key));
  if (open.length !== 1 || printedEmpty(open[0], layouts)) return result;
  const [field] = open;
  // A field naming a shape (a phone, an e-mail) is answered by that shape or not at all.
  const phrases = fieldPhrases(field).join(' ');
  if (SHAPES.some(({ names }) => names.test(phrases))) return result;
  const answers = free.flatMap((pair) => {
    // An answer under a caption naming another field is that field's, read or not ("Reported
    // on: pending" for a date): never left over for this one.
    if (namedByCaption(pair)) return [];
    const text = pair.value!.text;
    if (!plainTextAnswer(field, text)) return [];
    const parsed = parseScalar(text, field);
    return parsed && parsed.quality === 1 ? [{ pair, parsed }] : [];
  });
  const distinct = new Set(answers.map((a) => JSON.stringify(a.parsed.value)));
  if (distinct.size !== 1) return result;
  const [{ pair, parsed }] = answers;
  const candidate = guessedCandidate(field, pair, parsed, {
    similarity: ELIMINATION_SIMILARITY,
    by: 'elimination',
  });
  if (candidate) result.set(field.key, candidate);
  return result;
}

/** The field's own caption is printed with nothing to answer it ("VIN:" and a blank). */
function printedEmpty(field: ScalarFieldDefinition, layouts: readonly PageLayout[]): boolean {
  const phrases = fieldPhrases(field);
  return layouts.some((layout) =>
    layout.keyValuePairs.some(
      (pair) => pair.value === null && captionSimilarity(phrases, pair.key.text) >= EMPTY_CAPTION,
    ),
  );
}

/** A caption this close to the field's names is the field's own. */
const EMPTY_CAPTION = 0.8;

/** Page, then line (answers whose tops are within half a line are on one), then left to right. */
function inReadingOrder(
  a: KeyValuePair,
  b: KeyValuePair,
  pageOf: ReadonlyMap<KeyValuePair, number>,
): number {
  const page = (pageOf.get(a) ?? 0) - (pageOf.get(b) ?? 0);
  if (page !== 0) return page;
  const boxA = a.value!.box;
  const boxB = b.value!.box;
  const halfLine = Math.min(boxA.y1 - boxA.y0, boxB.y1 - boxB.y0) / 2;
  return Math.abs(boxA.y0 - boxB.y0) > halfLine ? boxA.y0 - boxB.y0 : boxA.x0 - boxB.x0;
}

/**
 * Reads `fields` from the layout's key-value pairs, best match first, one pair per field and
 * one field per pair; `used` holds the words earlier readings took and is extended.
 */
export function matchFieldsToPairs(
  fields: readonly ScalarFieldDefinition[],
  layouts: readonly PageLayout[],
  used: Set<string>,
  documentId: string | undefined,
  ranking: LinkerRanking = DEFAULT_LINKER_RANKING,
  fromLines: readonly KeyValuePair[] = [],
): Map<string, ExtractedField> {
  const result = new Map<string, ExtractedField>();
  if (fields.length === 0) return result;
  const shared = sharedDefiningWords(fields.map(fieldPhrases));
  const free = [...freePairs(layouts, used), ...unusedPairs(fromLines, used)];
  // A line pair may share its answer with a layout pair: one reading per answer word, whichever
  // first. (Two fields may still share a caption, as two totals do one "Grand Total".)
  const takenWords = new Set<string>();
  const answerWords = (pair: KeyValuePair): string[] => (pair.value?.words ?? []).map(wordKey);
  const isFree = (pair: KeyValuePair): boolean =>
    answerWords(pair).every((k) => !takenWords.has(k));
  // The guesses by kind, option and elimination count answers: only answers no layout pair
  // holds may be added from lines, so none is counted twice.
  const layoutWords = new Set(
    layouts.flatMap((l) =>
      l.keyValuePairs.flatMap((p) => [...p.key.words, ...(p.value?.words ?? [])].map(wordKey)),
    ),
  );
  const lineOnly = new Set(fromLines);
  const countable = new Set(
    free.filter(
      (pair) => !lineOnly.has(pair) || !pair.value!.words.some((w) => layoutWords.has(wordKey(w))),
    ),
  );
  const choices = answersWithChoices(layouts, free, fields);
  // Each caption against each field, once: the candidates and elimination both read it.
  const byCaption = new Map(
    free.map((pair) => [
      pair,
      fields.map((field) => captionSimilarity(fieldPhrases(field), pair.key.text, shared)),
    ]),
  );
  const candidates = free
    .flatMap((pair) =>
      fields.map((field, i) =>
        candidateFor(field, pair, byCaption.get(pair)![i]!, ranking, choices.get(pair) ?? null),
      ),
    )
    .filter((c): c is PairCandidate => c !== null)
    .sort((a, b) => b.rank - a.rank);
  const chosen = new Map<string, PairCandidate>();
  const takenPairs = new Set<KeyValuePair>();
  const take = (key: string, candidate: PairCandidate): void => {
    takenPairs.add(candidate.pair);
    answerWords(candidate.pair).forEach((k) => takenWords.add(k));
    chosen.set(key, candidate);
  };
  for (const candidate of candidates) {
    if (chosen.has(candidate.field.key) || takenPairs.has(candidate.pair)) continue;
    if (!isFree(candidate.pair)) continue;
    take(candidate.field.key, candidate);
  }
  // Then, for the fields still open, what the page leaves no doubt about: the one answer of a
  // kind left for the one field of that kind, the one answer that is one of an enum field's
  // options, and the one text answer left for the one text field left.
  const left = (): KeyValuePair[] =>
    free.filter(
      (pair) => countable.has(pair) && !takenPairs.has(pair) && isFree(pair) && pair.value,
    );
  // A caption names a field left open, or one whose answer came from a caption naming it less
  // well: "INSURANCE PROVIDER" shares a dictionary sense with a policy number (0.4) that "POLICY
  // ID" (0.97) already answered, and is no policy number's caption (draw 7029's loss runs).
  const namedByCaption = (pair: KeyValuePair): boolean =>
    byCaption
      .get(pair)!
      .some(
        (similarity, i) =>
          similarity >= MIN_SIMILARITY &&
          (chosen.get(fields[i].key)?.similarity ?? 0) <= similarity,
      );
  for (const guess of [
    () => onlyOfItsType(fields, chosen, left(), layouts),
    () => oneOfItsOptions(fields, chosen, left()),
    () => byElimination(fields, chosen, left(), layouts, namedByCaption),
  ]) {
    for (const [key, candidate] of guess()) take(key, candidate);
  }
  for (const [key, candidate] of chosen) {
    // A pair no other field took, read as another value nearly as well: the page does not say.
    const rival = candidates.find(
      (c) =>
        c.field === candidate.field &&
        !takenPairs.has(c.pair) &&
        isFree(c.pair) &&
        JSON.stringify(c.value) !== JSON.stringify(candidate.value) &&
        c.score >= candidate.score * AMBIGUOUS_RATIO,
    );
    [...candidate.pair.key.words, ...candidate.words].forEach((w) => used.add(wordKey(w)));
    result.set(key, toField(candidate, rival, documentId));
  }
  return result;
}
