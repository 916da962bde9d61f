import { type AnswerEvidence, type CaptionReading } from '../linker/answer-features';
import { answerLinkRank, type LinkerRanking } from '../linker/linker';
import type { ExtractionSource, ScalarValue } from '../schema/extraction-result.types';
import type { ScalarFieldDefinition } from '../schema/field-schema.types';
import { unionBox } from '../text-layer/box-geometry';
import type { PositionedWord, TextLine } from '../text-layer/line-grouper';
import { CENTS_APART_DOUBT, centsStandAfter } from '../text-layer/split-figure.joiner';
import { parseDate } from '../values/date-normaliser';
import { parseScalarWords, withOptionsAfter } from '../values/marked-option';
import { lookalikesInDoubt } from '../values/ocr-digit-repair';
import { joinWords, meanConfidence, wordKey, wordsInSpan } from '../values/word-span';
import { fieldPhrases } from '../vocabulary/label-vocabulary';
import {
  alignedBelow,
  answerAfterCaptionTail,
  type AnswerContext,
  besideOnItsOwnLine,
  blockGoesOn,
  rightOfLabel,
  sentenceGoesOn,
} from './caption-answer-words';
import { printedAsPhrase } from './caption-guard';
import { asksForIdentifier, asksForName, asksForPhone } from './caption-similarity';
import { findLabelMatches, type LabelMatch } from './label-matcher';
import { SHAPE_DOUBT_FACTOR, valueShapeDoubts } from './value-doubts';
import { exactly, fitsKind, fitsKindAtCaption } from './value-kinds';

/**
 * The candidates stage for scalar fields: every reading a field's captions and patterns propose,
 * each parsed as the field's value (text that does not parse is no candidate) and scored by the
 * rules, then ranked by the rules or the learned linker.
 */

/** How much each way of finding a value is trusted before parsing and OCR confidence. */
const POSITION_FACTOR: Readonly<
  Record<'same-segment' | 'next-segment' | 'below' | 'pattern', number>
> = {
  'same-segment': 1,
  'next-segment': 0.97,
  below: 0.93,
  pattern: 0.75,
};
/**
 * An identifier OCR may have read with letters and digits swapped, or an amount whose cents may
 * stand apart after it, keeps this share of its score: below the review threshold from any OCR
 * confidence that leaves it in doubt.
 */
const LOOKALIKE_DOUBT = 0.7;
/** A label match below this is too doubtful to read a value from. */
const MIN_LABEL_SCORE = 0.6;

/** A reading of a field; `labelScore` is 1 for a pattern hit, which has no caption. */
export interface Candidate extends CaptionReading {
  readonly field: ScalarFieldDefinition;
  readonly value: ScalarValue;
  readonly text: string;
  /** The rules' score: the reading's confidence. */
  readonly score: number;
  /** What orders readings: the learned linker's probability, or the rules' score. */
  readonly rank: number;
  readonly source: ExtractionSource;
  readonly notes: readonly string[];
  /** For a reading under a caption: what the learned linker ranks it by. */
  readonly evidence?: AnswerEvidence;
}

export interface CandidateContext extends AnswerContext {
  readonly lines: readonly TextLine[];
  readonly fuzzy: boolean;
  readonly documentId?: string;
  /** Words that begin or belong to a confident label of any field: values stop before them. */
  readonly labelWords: ReadonlySet<string>;
  readonly excluded: ReadonlySet<string>;
  /** Text found at a field's caption that did not parse as the field's type, per field key. */
  readonly unparsed: Map<string, string[]>;
  readonly ranking: LinkerRanking;
}

function candidateFrom(
  field: ScalarFieldDefinition,
  words: readonly PositionedWord[],
  labelWords: readonly PositionedWord[],
  labelScore: number,
  position: keyof typeof POSITION_FACTOR,
  extraNotes: readonly string[],
): Candidate | null {
  const text = joinWords(words);
  const parsed = parseScalarWords(words, field);
  // The kind rule of the layout's pairs (no name from an amount, no number from a date); at the
  // field's own caption, a text field naming no kind takes any kind.
  const fits = position === 'pattern' ? fitsKind(field, text) : fitsKindAtCaption(field, text);
  if (!parsed || !fits) return null;
  const valueWords = wordsInSpan(words, parsed.start, parsed.end);
  if (valueWords.length === 0) return null;
  const notes = [...extraNotes, ...parsed.notes];
  if (labelScore < 0.99) notes.push(`label match ${labelScore.toFixed(2)}`);
  const read = meanConfidence(valueWords);
  const lookalikes =
    field.type === 'string' &&
    asksForIdentifier(fieldPhrases(field)) &&
    lookalikesInDoubt(
      text.slice(parsed.start, parsed.end),
      Math.min(...valueWords.map((w) => w.confidence)),
    );
  if (lookalikes) notes.push('OCR may have swapped look-alike letters and digits');
  const centsApart =
    field.type === 'money' && centsStandAfter(words, words.indexOf(valueWords.at(-1)!));
  if (centsApart) notes.push(CENTS_APART_DOUBT);
  const shapeDoubts = valueShapeDoubts(field, text.slice(parsed.start, parsed.end));
  notes.push(...shapeDoubts);
  const ranked =
    labelScore *
    POSITION_FACTOR[position] *
    parsed.quality *
    read *
    (lookalikes || centsApart ? LOOKALIKE_DOUBT : 1);
  // A value's shape doubts how OCR read it, not whether it is the field's: the reading keeps
  // its rank among the others and only its confidence falls.
  const score = ranked * (shapeDoubts.length > 0 ? SHAPE_DOUBT_FACTOR : 1);
  return {
    field,
    value: parsed.value,
    text: text.slice(parsed.start, parsed.end),
    words: valueWords,
    labelWords,
    labelScore,
    score,
    rank: ranked,
    readWords: words,
    parseQuality: parsed.quality,
    source:
      position === 'below' ? 'label-below' : position === 'pattern' ? 'pattern' : 'label-right',
    notes,
  };
}

export function labelCandidates(
  field: ScalarFieldDefinition,
  lines: readonly TextLine[],
  context: CandidateContext,
): Candidate[] {
  const candidates: Candidate[] = [];
  for (const match of findLabelMatches(lines, fieldPhrases(field), context.fuzzy, {
    heads: true,
  })) {
    if (match.score < MIN_LABEL_SCORE) continue;
    const labelWords = match.line.words.slice(match.startWord, match.endWord);
    if (labelWords.some((w) => context.excluded.has(wordKey(w)))) continue;
    const lineIndex = context.lines.indexOf(match.line);
    const global = { ...match, lineIndex };
    const atCaption: Array<{ candidate: Candidate; position: LinkedPosition }> = [];
    // An address continues on the lines below its first line.
    const extraLines = field.type === 'string' ? (field.extraLines ?? 0) : 0;
    const right = answerRightOf(field, global, labelWords, context);
    if (right) {
      const continuation =
        extraLines > 0
          ? alignedBelow(
              unionBox(right.words.map((w) => w.box))!,
              match.line,
              lineIndex,
              extraLines,
              context,
            )
          : [];
      const firstLines = [
        ...withOptionsAfter(right.words, match.line.words, field),
        ...continuation,
      ];
      const sentence = sentenceGoesOn(firstLines, lineIndex, labelWords, context);
      const block =
        sentence.length === 0 && extraLines === 0 && takesBlock(field) && !aloneAsDate(firstLines)
          ? blockGoesOn(firstLines, lineIndex, labelWords, context)
          : [];
      const words = [...firstLines, ...sentence, ...block];
      const tailNote = right.tail
        ? [`read past "${right.tail}", a word of the caption the field does not name`]
        : [];
      const read = candidateFrom(field, words, labelWords, match.score, right.position, tailNote);
      const c = read && right.tail ? { ...read, score: read.score * CAPTION_TAIL_DOUBT } : read;
      if (c) atCaption.push({ candidate: c, position: right.position });
      else noteUnparsed(field, words, context);
    }
    const labelBox = unionBox(labelWords.map((w) => w.box))!;
    const belowLines = alignedBelow(labelBox, match.line, lineIndex, 1 + extraLines, context);
    const below = [...belowLines, ...sentenceGoesOn(belowLines, lineIndex, labelWords, context)];
    if (below.length > 0 && !opensAsCaption(below, labelWords)) {
      const c = candidateFrom(field, below, labelWords, match.score, 'below', []);
      if (c) atCaption.push({ candidate: c, position: 'below' });
      else if (!right) noteUnparsed(field, below, context);
    }
    // Of two captions that name the field alike ("Supplier(s)", "Supplier (s)"), the one printed
    // exactly as the field's label is its own.
    const asPrinted = printedAsPhrase(match, fieldPhrases(field)) ? 1 : NOT_AS_PRINTED;
    const answeredBeside = match.endsWithColon && atCaption.some((a) => a.position !== 'below');
    for (const { candidate, position } of atCaption) {
      const evidence = answerEvidence(candidate, position, match, atCaption.length);
      const rank = context.ranking === 'learned' ? answerLinkRank(evidence) : candidate.rank;
      const under = position === 'below' && answeredBeside ? BELOW_ANSWERED_CAPTION : 1;
      candidates.push({ ...candidate, evidence, rank: rank * asPrinted * under });
    }
  }
  return candidates;
}

/**
 * A reading past a caption word the field does not name is the field's only as far as that word
 * is the caption's ("Insured Party"; "Insured Vehicle" would name something else): a guess to
 * confirm, kept below the flagging threshold however sure its caption match was.
 */
const CAPTION_TAIL_DOUBT = 0.7;

/**
 * The answer right of a caption: on its line, past a caption's tail word (with the note that
 * says so), or beside it.
 */
function answerRightOf(
  field: ScalarFieldDefinition,
  match: LabelMatch & { readonly lineIndex: number },
  labelWords: readonly PositionedWord[],
  context: CandidateContext,
): (NonNullable<ReturnType<typeof rightOfLabel>> & { readonly tail?: string }) | null {
  const right = rightOfLabel(match, context);
  if (right?.position === 'same-segment' && asksForName(fieldPhrases(field))) {
    const past = answerAfterCaptionTail(match, context);
    if (past) return { words: past, position: 'next-segment', tail: right.words[0].text };
  }
  return right ?? besideOnItsOwnLine(match, labelWords, context);
}

/**
 * A free-text field, whose answer may be written as a block of lines. A name, an identifier or
 * a phone number is one line: what stands under it in the same column is the next thing (a
 * name's address, a second number).
 */
function takesBlock(field: ScalarFieldDefinition): boolean {
  if (field.type !== 'string' || (field.patterns ?? []).length > 0) return false;
  const phrases = fieldPhrases(field);
  return !asksForName(phrases) && !asksForIdentifier(phrases) && !asksForPhone(phrases);
}

/**
 * An answer that is a date and nothing else is whole on its line: the line under it is not the
 * rest of it ("Date 8/31/98" over "3 (including this cover page)", the answer of "# Pages" whose
 * caption OCR lost, FUNSD 86220490).
 */
function aloneAsDate(words: readonly PositionedWord[]): boolean {
  const text = joinWords(words).trim();
  return exactly(text, parseDate(text));
}

/** A caption's first word, to be told again at the start of the line under it. */
const CAPTION_WORD = /^\p{L}{3,}/u;

/**
 * The text under a caption opens with the caption's own first word, printed alike, and goes on
 * ("POLICY PERIOD FROM ..." under "POLICY NO."): a stack of captions that begin alike, the next
 * one with its answer, never this caption's answer. An answer that is the word alone, or printed
 * otherwise ("Accept" under "ACCEPT/ REJECT"), is one of the options the caption names.
 */
function opensAsCaption(
  below: readonly PositionedWord[],
  labelWords: readonly PositionedWord[],
): boolean {
  const first = CAPTION_WORD.exec(labelWords[0]?.text ?? '')?.[0];
  const under = CAPTION_WORD.exec(below[0]?.text ?? '')?.[0];
  return first !== undefined && first === under && below.length > 1;
}

type LinkedPosition = Exclude<keyof typeof POSITION_FACTOR, 'pattern'>;

/**
 * How a reading under a colon caption ranks when an answer stands beside it: the colon says the
 * answer follows on its line, and the line under is the next caption's ("FROM:  Barry Hirsch"
 * over "TOTAL NUMBER OF PAGES ... - 6", FUNSD 83635935, where OCR's doubt of "Barry" let the
 * line under win). OCR's confidence still picks among readings as sure of their place.
 */
const BELOW_ANSWERED_CAPTION = 0.85;

/** How a reading at a caption printed otherwise than any of the field's phrases ranks. */
const NOT_AS_PRINTED = 0.98;

/** What the learned linker knows of a reading under a caption, the rules' judgement included. */
function answerEvidence(
  candidate: Candidate,
  position: LinkedPosition,
  match: LabelMatch,
  readingsAtCaption: number,
): AnswerEvidence {
  return {
    reading: candidate,
    position,
    positionFactor: POSITION_FACTOR[position],
    wordConfidence: meanConfidence(candidate.words),
    endsWithColon: match.endsWithColon,
    alone: match.alone,
    typedField: candidate.field.type !== 'string',
    heightInWidthUnits: match.line.heightInWidthUnits,
    readingsAtCaption,
  };
}

/** Remembers text at the field's caption that is not of its type, to say so if nothing else is found. */
function noteUnparsed(
  field: ScalarFieldDefinition,
  words: readonly PositionedWord[],
  context: CandidateContext,
): void {
  const text = joinWords(words).slice(0, 60);
  context.unparsed.set(field.key, [...(context.unparsed.get(field.key) ?? []), text]);
}

function patternCandidates(
  field: ScalarFieldDefinition,
  lines: readonly TextLine[],
  context: CandidateContext,
): Candidate[] {
  const patterns = (field.patterns ?? []).map((p) => new RegExp(p, 'gi'));
  const found: Candidate[] = [];
  for (const line of lines) {
    const words = line.words.filter(
      (w) => !context.excluded.has(wordKey(w)) && !context.labelWords.has(wordKey(w)),
    );
    const text = joinWords(words);
    for (const pattern of patterns) {
      pattern.lastIndex = 0;
      for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
        if (m[0].length === 0) {
          pattern.lastIndex += 1;
          continue;
        }
        const spanWords = wordsInSpan(words, m.index, m.index + m[0].length);
        const c = candidateFrom(field, spanWords, [], 1, 'pattern', ['found by pattern, no label']);
        if (c) found.push(c);
      }
    }
  }
  const distinct = new Set(found.map((c) => JSON.stringify(c.value)));
  // Several different values match: the pattern alone cannot say which one is meant.
  return distinct.size > 1
    ? found.map((c) => ({
        ...c,
        score: c.score * 0.8,
        rank: c.rank * 0.8,
        notes: [...c.notes, 'pattern matched several values'],
      }))
    : found;
}

export function scalarCandidates(
  field: ScalarFieldDefinition,
  lines: readonly TextLine[],
  context: CandidateContext,
): Candidate[] {
  const byLabel = labelCandidates(field, lines, context);
  return byLabel.length > 0
    ? [...byLabel, ...patternCandidates(field, lines, context).map(lowerThanLabels)]
    : patternCandidates(field, lines, context);
}

/** With a label-based reading available, a pattern hit elsewhere is only a fallback. */
function lowerThanLabels(candidate: Candidate): Candidate {
  return { ...candidate, score: candidate.score * 0.5, rank: candidate.rank * 0.5 };
}
