import type { CornerBox } from '@docket/platform';

import { analyseDocument } from '../layout/analysed-document';
import type { PageLayout } from '../layout/layout.types';
import {
  type AnswerEvidence,
  answerFeatures,
  type CaptionReading,
} from '../linker/answer-features';
import { answerLinkRank, DEFAULT_LINKER_RANKING, type LinkerRanking } from '../linker/linker';
import type { FeatureVector } from '../linker/logistic-model';
import { applyLayoutMemory, type LayoutMemory, matchingMemory } from '../memory/layout-memory';
import type {
  ExtractedField,
  ExtractionSource,
  ScalarValue,
} from '../schema/extraction-result.types';
import { NOT_FOUND_DOUBT } from '../schema/extraction-result.types';
import type {
  FieldDefinition,
  FieldSchema,
  ObjectFieldDefinition,
  ScalarFieldDefinition,
} from '../schema/field-schema.types';
import {
  boxCentreY,
  boxHeight,
  horizontalOverlap,
  unionBox,
  verticalOverlapRatio,
} from '../text-layer/box-geometry';
import { type PositionedWord, splitSegments, type TextLine } from '../text-layer/line-grouper';
import type { DocumentPages } from '../text-layer/text-layer.types';
import { normaliseText } from '../text-layer/text-normaliser';
import { parseScalar } from '../values/scalar-value.parser';
import { groundingOf, joinWords, meanConfidence, wordKey, wordsInSpan } from '../values/word-span';
import { fieldPhrases } from '../vocabulary/label-vocabulary';
import { findLabelMatches, type LabelMatch } from './label-matcher';
import { asksForIssuer, fromLetterhead, letterheadLine } from './letterhead';
import { matchFieldsToPairs } from './pair-matcher';
import { orderPeriodEnds } from './period-ends';
import { settleTotal } from './sum-check';
import { readTables } from './table-readings';
import { answerGoesOn } from './value-continuation';
import { fitsKind, fitsKindAtCaption } from './value-kinds';

/** How much each way of finding a value is trusted before parsing and OCR confidence. */
const POSITION_FACTOR: Readonly<
  Record<'same-segment' | 'next-segment' | 'below' | 'pattern', number>
> = {
  'same-segment': 1,
  'next-segment': 0.97,
  below: 0.93,
  pattern: 0.75,
};
/** A label match below this is too doubtful to read a value from. */
const MIN_LABEL_SCORE = 0.6;
/** A caption matched below this is a guess worth a reviewer's look. */
const WEAK_LABEL_SCORE = 0.72;
/** A rival reading with a different value scoring this close to the chosen one: ambiguous. */
const AMBIGUOUS_RATIO = 0.9;

/** A reading of a field; `labelScore` is 1 for a pattern hit, which has no caption. */
interface Candidate extends CaptionReading {
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

interface Context {
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

function phrasesOf(field: FieldDefinition): string[] {
  return fieldPhrases(field);
}

function looksLikeLabel(words: readonly PositionedWord[], context: Context): boolean {
  const first = words.slice(0, 4);
  if (first.length > 0 && context.labelWords.has(wordKey(first[0]))) return true;
  return first.some((w) => /[A-Za-z]:$/.test(w.text));
}

/** Cuts a run of value words before the next label on the same line. */
function untilNextLabel(words: readonly PositionedWord[], context: Context): PositionedWord[] {
  const result: PositionedWord[] = [];
  for (const word of words) {
    if (
      result.length > 0 &&
      (context.labelWords.has(wordKey(word)) || /[A-Za-z]:$/.test(word.text))
    )
      break;
    if (context.excluded.has(wordKey(word))) break;
    result.push(word);
  }
  return result;
}

function rightOfLabel(
  match: LabelMatch,
  context: Context,
): { words: PositionedWord[]; position: 'same-segment' | 'next-segment' } | null {
  const { line, endWord } = match;
  const segments = splitSegments(line);
  let start = 0;
  for (let s = 0; s < segments.length; s += 1) {
    const end = start + segments[s].words.length;
    if (endWord - 1 < end) {
      if (endWord < end) {
        // The match ends inside a printed caption ("INSURED" of "INSURED PARTY"): the rest of
        // the caption is no value.
        if (context.labelWords.has(wordKey(line.words[endWord]))) return null;
        const words = untilNextLabel(line.words.slice(endWord, end), context);
        if (words.length === end - endWord && answerGoesOn(words, segments[s + 1], line))
          words.push(...segments[s + 1].words);
        return words.length > 0 ? { words, position: 'same-segment' } : null;
      }
      const next = segments[s + 1];
      if (!next || looksLikeLabel(next.words, context)) return null;
      const words = untilNextLabel(next.words, context);
      if (words.length === next.words.length && answerGoesOn(words, segments[s + 2], line))
        words.push(...segments[s + 2].words);
      return words.length > 0 ? { words, position: 'next-segment' } : null;
    }
    start = end;
  }
  return null;
}

/** How far right of its caption an answer on its own line may start, in page widths. */
const BESIDE_REACH = 0.3;

/**
 * An answer typed or written beside its caption on a line of its own: a typewriter's line sits
 * a little above or below the printed caption's, so the two are grouped as two lines ("PROJECT
 * CODE:  DATE:" printed, "BTF  September 16, 1980" typed half a line higher). Taken only when
 * nothing follows the caption on its own line up to the answer, from the nearest segment that
 * shares most of the caption's height, starts right of it and ends before the next text printed
 * on the caption's line.
 */
function besideOnItsOwnLine(
  match: LabelMatch,
  labelWords: readonly PositionedWord[],
  context: Context,
): { words: PositionedWord[]; position: 'next-segment' } | null {
  const caption = unionBox(labelWords.map((w) => w.box))!;
  const nextPrinted = match.line.words[match.endWord];
  const limit = nextPrinted ? nextPrinted.box.x0 : 1;
  const height = boxHeight(caption);
  let best: { words: PositionedWord[]; gap: number } | null = null;
  for (let i = match.lineIndex - 2; i <= match.lineIndex + 2; i += 1) {
    const line = context.lines[i];
    if (!line || i === match.lineIndex || line.pageNumber !== match.line.pageNumber) continue;
    for (const segment of splitSegments(line)) {
      const gap = segment.box.x0 - caption.x1;
      if (gap < 0 || gap > BESIDE_REACH || segment.box.x0 >= limit) continue;
      if (verticalOverlapRatio(segment.box, caption) < 0.5) continue;
      if (Math.abs(boxCentreY(segment.box) - boxCentreY(caption)) > height * 0.75) continue;
      if (looksLikeLabel(segment.words, context)) continue;
      const words = untilNextLabel(
        segment.words.filter((w) => w.box.x0 < limit),
        context,
      );
      if (words.length > 0 && (!best || gap < best.gap)) best = { words, gap };
    }
  }
  return best ? { words: best.words, position: 'next-segment' } : null;
}

/**
 * Value lines below `anchor` (a label, or the first line of a value that continues) whose text
 * starts at the anchor's left edge or sits under it, up to `maxLines`, stopping at the next label.
 */
function alignedBelow(
  anchor: CornerBox,
  line: TextLine,
  lineIndex: number,
  maxLines: number,
  context: Context,
): PositionedWord[] {
  const tolerance = line.heightInWidthUnits * 1.5;
  const height = boxHeight(anchor);
  const result: PositionedWord[] = [];
  let lastBottom = anchor.y1;
  let taken = 0;
  for (let i = lineIndex + 1; i < context.lines.length && taken < maxLines; i += 1) {
    const next = context.lines[i];
    if (next.pageNumber !== line.pageNumber) break;
    // The first value line may sit a little lower (boxed forms); continuation lines are tight.
    if (next.box.y0 - lastBottom > height * (taken === 0 ? 2.5 : 1.2)) break;
    const segment = splitSegments(next).find(
      (s) =>
        Math.abs(s.box.x0 - anchor.x0) <= tolerance ||
        (horizontalOverlap(s.box, anchor) > 0 && s.box.x0 >= anchor.x0 - tolerance),
    );
    if (!segment) {
      if (taken === 0) continue;
      break;
    }
    if (looksLikeLabel(segment.words, context)) break;
    const words = untilNextLabel(segment.words, context);
    if (words.length === 0) break;
    result.push(...words);
    lastBottom = segment.box.y1;
    taken += 1;
  }
  return result;
}

/** Words a line may end with when its sentence goes on on the next line. */
const OPEN_ENDING =
  /(?:[,\-–&/]|\b(?:a|an|and|as|at|by|for|from|in|into|of|on|or|the|to|that|with|which|who|per|than))$/i;
/** A line ending a sentence or a caption: what follows is not the same answer. */
const CLOSED_ENDING = /[.!?:;]$/;

/**
 * The lines a wrapped answer continues on: while its last line leaves the sentence open (it ends
 * with a comma, a hyphen or a word that never ends one: "of", "the", "with") or the next line
 * starts in lower case, the next line goes on with it, set close under it and starting at the
 * answer's left edge or its caption's. An answer's first line is all a reading took before,
 * leaving "Develop 14-mg tar delivery king size cigarette" without "for generic pricing ...".
 */
function sentenceGoesOn(
  words: readonly PositionedWord[],
  captionLineIndex: number,
  labelWords: readonly PositionedWord[],
  context: Context,
): PositionedWord[] {
  if (words.length === 0) return [];
  const lefts = [words[0].box.x0, labelWords[0]?.box.x0 ?? words[0].box.x0];
  let last = words[words.length - 1];
  let lastIndex = context.lines.findIndex(
    (line, i) => i >= captionLineIndex && line.words.includes(last),
  );
  if (lastIndex < 0) return [];
  const result: PositionedWord[] = [];
  for (let i = lastIndex + 1; i < context.lines.length; i += 1) {
    const line = context.lines[i];
    const previous = context.lines[lastIndex];
    if (line.pageNumber !== previous.pageNumber) break;
    const height = boxHeight(previous.box);
    if (line.box.y0 - previous.box.y1 > height * 0.8) break;
    const tolerance = previous.heightInWidthUnits * 1.5;
    const segment = splitSegments(line).find((s) =>
      lefts.some((x) => Math.abs(s.box.x0 - x) <= tolerance),
    );
    if (!segment || looksLikeLabel(segment.words, context)) break;
    const open = OPEN_ENDING.test(last.text) && !CLOSED_ENDING.test(last.text);
    if (!open && !/^\p{Ll}/u.test(segment.words[0].text)) break;
    const more = untilNextLabel(segment.words, context);
    if (more.length === 0) break;
    result.push(...more);
    last = more[more.length - 1];
    lastIndex = i;
  }
  return result;
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
  const parsed = parseScalar(text, field);
  // The kind rule of the layout's pairs (no name from an amount, no number from a date); at the
  // field's own caption, a text field naming no kind takes any kind.
  const fits = position === 'pattern' ? fitsKind(field, text) : fitsKindAtCaption(field, text);
  if (!parsed || !fits) return null;
  const valueWords = wordsInSpan(words, parsed.start, parsed.end);
  if (valueWords.length === 0) return null;
  const notes = [...extraNotes, ...parsed.notes];
  if (labelScore < 0.99) notes.push(`label match ${labelScore.toFixed(2)}`);
  const score =
    labelScore * POSITION_FACTOR[position] * parsed.quality * meanConfidence(valueWords);
  return {
    field,
    value: parsed.value,
    text: text.slice(parsed.start, parsed.end),
    words: valueWords,
    labelWords,
    labelScore,
    score,
    rank: score,
    readWords: words,
    parseQuality: parsed.quality,
    source:
      position === 'below' ? 'label-below' : position === 'pattern' ? 'pattern' : 'label-right',
    notes,
  };
}

function labelCandidates(
  field: ScalarFieldDefinition,
  lines: readonly TextLine[],
  context: Context,
): Candidate[] {
  const candidates: Candidate[] = [];
  for (const match of findLabelMatches(lines, phrasesOf(field), context.fuzzy)) {
    if (match.score < MIN_LABEL_SCORE) continue;
    const labelWords = match.line.words.slice(match.startWord, match.endWord);
    if (labelWords.some((w) => context.excluded.has(wordKey(w)))) continue;
    const lineIndex = context.lines.indexOf(match.line);
    const global = { ...match, lineIndex };
    const atCaption: Array<{ candidate: Candidate; position: LinkedPosition }> = [];
    // An address continues on the lines below its first line.
    const extraLines = field.type === 'string' ? (field.extraLines ?? 0) : 0;
    const right = rightOfLabel(global, context) ?? besideOnItsOwnLine(global, labelWords, context);
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
      const firstLines = [...right.words, ...continuation];
      const words = [...firstLines, ...sentenceGoesOn(firstLines, lineIndex, labelWords, context)];
      const c = candidateFrom(field, words, labelWords, match.score, right.position, []);
      if (c) atCaption.push({ candidate: c, position: right.position });
      else noteUnparsed(field, words, context);
    }
    const labelBox = unionBox(labelWords.map((w) => w.box))!;
    const belowLines = alignedBelow(labelBox, match.line, lineIndex, 1 + extraLines, context);
    const below = [...belowLines, ...sentenceGoesOn(belowLines, lineIndex, labelWords, context)];
    if (below.length > 0) {
      const c = candidateFrom(field, below, labelWords, match.score, 'below', []);
      if (c) atCaption.push({ candidate: c, position: 'below' });
      else if (!right) noteUnparsed(field, below, context);
    }
    // Of two captions that name the field alike ("Supplier(s)", "Supplier (s)"), the one printed
    // exactly as the field's label is its own.
    const asPrinted = printedAsPhrase(match, phrasesOf(field)) ? 1 : NOT_AS_PRINTED;
    for (const { candidate, position } of atCaption) {
      const evidence = answerEvidence(candidate, position, match, atCaption.length);
      const rank = context.ranking === 'learned' ? answerLinkRank(evidence) : candidate.rank;
      candidates.push({ ...candidate, evidence, rank: rank * asPrinted });
    }
  }
  return candidates;
}

type LinkedPosition = Exclude<keyof typeof POSITION_FACTOR, 'pattern'>;

/** How a reading at a caption printed otherwise than any of the field's phrases ranks. */
const NOT_AS_PRINTED = 0.98;

/** Case and spacing set aside, as a caption is compared with the label it was written from. */
function asWritten(text: string): string {
  return normaliseText(text).toLowerCase();
}

/** The whole printed caption reads exactly as one of the field's phrases. */
function printedAsPhrase(match: LabelMatch, phrases: readonly string[]): boolean {
  const printed = asWritten(joinWords(match.line.words.slice(match.startWord, match.endWord)));
  return phrases.some((phrase) => asWritten(phrase) === printed);
}

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
  context: Context,
): void {
  const text = joinWords(words).slice(0, 60);
  context.unparsed.set(field.key, [...(context.unparsed.get(field.key) ?? []), text]);
}

function patternCandidates(
  field: ScalarFieldDefinition,
  lines: readonly TextLine[],
  context: Context,
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

function notFound(
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

function toField(
  candidate: Candidate,
  documentId: string | undefined,
  source?: ExtractionSource,
  rival?: Candidate,
): ExtractedField {
  const doubts: string[] = [];
  if (candidate.source === 'pattern') doubts.push('no caption found; taken by pattern only');
  else if (candidate.labelScore < WEAK_LABEL_SCORE)
    doubts.push(
      `weak caption match: "${joinWords(candidate.labelWords)}" (${candidate.labelScore.toFixed(2)})`,
    );
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

/**
 * Picks one candidate per field, best score first, never letting two fields share a label or a
 * value word. This settles "Date" vs "Date of Loss" and two fields pointing at one value.
 */
function assign(candidates: readonly Candidate[], used: Set<string>): Map<string, Candidate> {
  const chosen = new Map<string, Candidate>();
  const sorted = [...candidates].sort(
    (a, b) => b.rank - a.rank || firstPosition(a) - firstPosition(b),
  );
  for (const candidate of sorted) {
    if (chosen.has(candidate.field.key)) continue;
    const keys = [...candidate.words, ...candidate.labelWords].map(wordKey);
    if (keys.some((k) => used.has(k))) continue;
    keys.forEach((k) => used.add(k));
    chosen.set(candidate.field.key, candidate);
  }
  return chosen;
}

/**
 * A reading of the same field with another value that scored nearly as well as the chosen one,
 * and whose words no other field took: the page does not settle which one is meant.
 */
function rivalOf(
  chosen: Candidate,
  candidates: readonly Candidate[],
  taken: ReadonlySet<string>,
): Candidate | undefined {
  const value = JSON.stringify(chosen.value);
  const own = new Set(chosen.words.map(wordKey));
  return candidates.find(
    (c) =>
      c.field.key === chosen.field.key &&
      c !== chosen &&
      JSON.stringify(c.value) !== value &&
      c.score >= chosen.score * AMBIGUOUS_RATIO &&
      c.words.every((w) => !own.has(wordKey(w)) && !taken.has(wordKey(w))),
  );
}

/** Words that chosen readings of other fields hold, so a rival on them is no rival. */
function wordsOfOthers(chosen: ReadonlyMap<string, Candidate>, key: string): Set<string> {
  const words = new Set<string>();
  for (const [other, candidate] of chosen) {
    if (other === key) continue;
    for (const w of [...candidate.words, ...candidate.labelWords]) words.add(wordKey(w));
  }
  return words;
}

function firstPosition(candidate: Candidate): number {
  const word = candidate.words[0];
  return word ? word.pageNumber * 10 + word.box.y0 : Infinity;
}

function scalarCandidates(
  field: ScalarFieldDefinition,
  lines: readonly TextLine[],
  context: Context,
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

/** Lines below an object's section heading, up to the next heading of another object. */
function sectionLines(
  field: ObjectFieldDefinition,
  allObjects: readonly ObjectFieldDefinition[],
  context: Context,
): TextLine[] {
  const headings = findLabelMatches(context.lines, phrasesOf(field), context.fuzzy)
    .filter((m) => m.score >= 0.8 && (m.alone || m.endsWithColon))
    .sort((a, b) => b.score - a.score);
  const heading = headings[0];
  if (!heading) return [];
  const others = allObjects
    .filter((o) => o.key !== field.key)
    .flatMap((o) =>
      findLabelMatches(context.lines, phrasesOf(o), context.fuzzy).filter(
        (m) => m.score >= 0.8 && (m.alone || m.endsWithColon),
      ),
    );
  const headingIndex = context.lines.indexOf(heading.line);
  const result: TextLine[] = [];
  for (let i = headingIndex; i < context.lines.length; i += 1) {
    const line = context.lines[i];
    if (line.pageNumber !== heading.line.pageNumber) break;
    if (i > headingIndex && others.some((o) => o.line === line)) break;
    result.push(line);
  }
  return result;
}

export interface ExtractionOptions {
  /** Tolerate OCR slips in labels; default: on when any page is OCR output. */
  readonly fuzzyLabels?: boolean;
  /**
   * What reviews taught about the project's layouts. When the document is of a remembered
   * layout, its remembered fields are read from there first; the others are matched as usual.
   */
  readonly layoutMemories?: readonly LayoutMemory[];
  /** How readings are ranked: by the rules' scores alone (the default) or by the learned linker. */
  readonly linker?: LinkerRanking;
}

/**
 * Words no value may start with or run into: every confident caption of a configured field,
 * and every caption the layout analysis paired with an answer.
 */
function captionWords(
  lines: readonly TextLine[],
  layouts: readonly PageLayout[],
  fields: readonly ScalarFieldDefinition[],
  fuzzy: boolean,
): Set<string> {
  const labelWords = new Set<string>();
  for (const field of fields) {
    const phrases = phrasesOf(field);
    for (const match of findLabelMatches(lines, phrases, fuzzy)) {
      // The whole printed caption, so no value starts with its first words. A caption of two
      // words or more printed exactly as a field's label is one wherever it stands: a value
      // before it on its line ("84 mm Total Cigt. Wt. 974") ends there.
      const asPrinted = match.endWord - match.startWord >= 2 && printedAsPhrase(match, phrases);
      if (asPrinted) {
        match.line.words
          .slice(match.startWord, match.endWord)
          .forEach((w) => labelWords.add(wordKey(w)));
      } else if (match.score >= 0.75 && (match.endsWithColon || match.alone)) {
        match.line.words
          .slice(match.endsWithColon ? match.captionStart : match.startWord, match.endWord)
          .forEach((w) => labelWords.add(wordKey(w)));
      }
    }
  }
  // A caption the layout analysis paired with an answer is no field's value either ("VIN:"
  // with nothing under it is not answered by the "Our Ref" caption of the next line; "Name of
  // Insured" is not answered by the "End Date" caption beside it, whose answer is under it).
  for (const layout of layouts) {
    for (const pair of layout.keyValuePairs) {
      if (pair.value && pair.value.words.length > 0) {
        pair.key.words.forEach((w) => labelWords.add(wordKey(w)));
      }
    }
  }
  return labelWords;
}

/**
 * For training the linker (`libs/document-intelligence/training/`): every reading the rules
 * propose for each field under its caption, with the features the model ranks it by.
 */
export function captionAnswerCandidates(
  document: DocumentPages,
  fields: readonly ScalarFieldDefinition[],
): Array<{
  readonly key: string;
  readonly words: readonly PositionedWord[];
  features: FeatureVector;
}> {
  const { lines, layouts, fromOcr: fuzzy } = analyseDocument(document);
  const context: Context = {
    lines,
    fuzzy,
    labelWords: captionWords(lines, layouts, fields, fuzzy),
    excluded: new Set(),
    unparsed: new Map(),
    ranking: 'learned',
  };
  return fields.flatMap((field) =>
    labelCandidates(field, lines, context).map((c) => ({
      key: field.key,
      words: c.words,
      features: answerFeatures(c.evidence!),
    })),
  );
}

/** Extracts all document-scoped fields of `schema` from one document. */
export function extractDocumentFields(
  document: DocumentPages,
  schema: FieldSchema,
  options: ExtractionOptions = {},
): ExtractedField[] {
  const fields = schema.fields.filter((f) => f.scope !== 'item');
  return extractFromPages(document, fields, options);
}

function extractFromPages(
  document: DocumentPages,
  fields: readonly FieldDefinition[],
  options: ExtractionOptions,
): ExtractedField[] {
  // Lines and the layout of each page, analysed once for every stage below.
  const analysed = analyseDocument(document);
  const { documentId, lines, layouts } = analysed;
  const fuzzy = options.fuzzyLabels ?? analysed.fromOcr;

  const memory = matchingMemory(analysed.pages, options.layoutMemories ?? []);
  // Tables first: their header cells ("Date", "Amount") would otherwise pass for field labels.
  const tables = readTables(analysed, fields, memory, fuzzy);
  const excluded = tables.usedWords;
  const results = new Map<string, ExtractedField>(tables.fields);

  const scalarFields = fields.filter(
    (f): f is ScalarFieldDefinition => f.type !== 'table' && f.type !== 'object',
  );
  const objectFields = fields.filter((f): f is ObjectFieldDefinition => f.type === 'object');
  const allScalars = [...scalarFields, ...objectFields.flatMap((o) => o.fields)];
  const labelWords = captionWords(lines, layouts, allScalars, fuzzy);
  const context: Context = {
    lines,
    fuzzy,
    documentId,
    labelWords,
    excluded,
    unparsed: new Map(),
    ranking: options.linker ?? DEFAULT_LINKER_RANKING,
  };
  const used = new Set<string>(excluded);

  // Object sub-fields are read inside their section first, so they claim their words before
  // top-level fields with similar labels do.
  for (const object of objectFields) {
    const section = sectionLines(object, objectFields, context);
    const scope = section.length > 0 ? section : lines;
    const candidates = object.fields.flatMap((f) => scalarCandidates(f, scope, context));
    const chosen = assign(candidates, used);
    results.set(object.key, objectResult(object, chosen, documentId, section.length > 0));
  }

  const remembered = memory
    ? applyLayoutMemory(analysed.pages, memory, scalarFields, documentId, used)
    : [];
  for (const field of remembered) results.set(field.key, field);
  const toMatch = scalarFields.filter((f) => !results.has(f.key));
  const candidates = toMatch.flatMap((f) => scalarCandidates(f, lines, context));
  const chosen = assign(candidates, used);
  // Fields no caption names in full are matched by meaning to the layout's key-value pairs.
  const byMeaning = matchFieldsToPairs(
    toMatch.filter((f) => !chosen.has(f.key)),
    layouts,
    used,
    documentId,
    context.ranking,
  );
  for (const field of toMatch) {
    const candidate = chosen.get(field.key);
    const rival = candidate && rivalOf(candidate, candidates, wordsOfOthers(chosen, field.key));
    results.set(
      field.key,
      candidate
        ? toField(candidate, documentId, undefined, rival)
        : (byMeaning.get(field.key) ??
            notFound(field, documentId, context.unparsed.get(field.key))),
    );
  }
  // The one field asking for the total takes the amount the document prints as a sum of others.
  settleTotal(toMatch, results, layouts, documentId);
  // Who issued the document, when no caption says: the name printed large at its top.
  readLetterhead(toMatch, results, lines, used, documentId);
  // A period's start read later than its end: the two captions were taken the wrong way round.
  orderPeriodEnds(scalarFields, results);
  return fields.map((f) => results.get(f.key)!);
}

/** The one field asking for the issuer that nothing else read takes the letterhead's name. */
function readLetterhead(
  fields: readonly ScalarFieldDefinition[],
  results: Map<string, ExtractedField>,
  lines: readonly TextLine[],
  used: ReadonlySet<string>,
  documentId: string | undefined,
): void {
  const issuers = fields.filter(asksForIssuer);
  if (issuers.length !== 1) return;
  const [field] = issuers;
  if (results.get(field.key)?.value !== null) return;
  const line = letterheadLine(lines, used);
  if (line) results.set(field.key, fromLetterhead(field, line, documentId));
}

function objectResult(
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

/**
 * Item-level fields: read from every document, the most confident reading wins. The field has
 * no documentId; its grounding still names the document it was read from.
 */
export function extractItemFields(
  documents: readonly DocumentPages[],
  schema: FieldSchema,
  options: ExtractionOptions = {},
): ExtractedField[] {
  const fields = schema.fields.filter((f) => f.scope === 'item');
  const best = new Map<string, ExtractedField>();
  for (const document of documents) {
    for (const field of extractFromPages(document, fields, options)) {
      const current = best.get(field.key);
      if (!current || field.confidence > current.confidence) best.set(field.key, field);
    }
  }
  return fields.map((f) => {
    const found = best.get(f.key);
    if (!found) return notFound(f, undefined);
    const { documentId: _documentId, ...itemLevel } = found;
    return itemLevel;
  });
}
