import type { CornerBox } from '@docket/platform';

import { isLeaderDebris } from '../layout/layout-text';
import {
  boxCentreY,
  boxHeight,
  horizontalOverlap,
  unionBox,
  verticalOverlapRatio,
} from '../text-layer/box-geometry';
import { type PositionedWord, splitSegments, type TextLine } from '../text-layer/line-grouper';
import { wordKey } from '../values/word-span';
import type { LabelMatch } from './label-matcher';
import { answerGoesOn } from './value-continuation';

/**
 * Where a caption's answer lies on the page: right of it on its line, beside it on a line of its
 * own, below it, and the lines a wrapped answer goes on over. These only find the words; the
 * candidates stage parses them as the field's value.
 */

/** What the words of an answer stop at. */
export interface AnswerContext {
  /** Every line of the document, in reading order. */
  readonly lines: readonly TextLine[];
  /** Words that begin or belong to a confident label of any field: values stop before them. */
  readonly labelWords: ReadonlySet<string>;
  /** Words another reading already holds (a table's cells). */
  readonly excluded: ReadonlySet<string>;
}

function looksLikeLabel(words: readonly PositionedWord[], context: AnswerContext): boolean {
  const first = words.slice(0, 4);
  if (first.length > 0 && context.labelWords.has(wordKey(first[0]))) return true;
  return first.some((w) => /[A-Za-z]:$/.test(w.text));
}

/** Cuts a run of value words before the next label on the same line. */
function untilNextLabel(
  words: readonly PositionedWord[],
  context: AnswerContext,
): PositionedWord[] {
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

export function rightOfLabel(
  match: LabelMatch,
  context: AnswerContext,
): { words: PositionedWord[]; position: 'same-segment' | 'next-segment' } | null {
  const { line, endWord } = match;
  const at = segmentOfMatchEnd(match);
  if (!at) return null;
  const { segments, index: s, end } = at;
  // A leader and what OCR read of its end, the rest of the caption's phrase, lead to the next.
  if (endWord < end && !isLeaderDebris(line.words.slice(endWord, end))) {
    // The match ends inside a printed caption ("INSURED" of "INSURED PARTY"): the rest of
    // the caption is no value.
    if (context.labelWords.has(wordKey(line.words[endWord]))) return null;
    const words = untilNextLabel(line.words.slice(endWord, end), context);
    if (words.length === end - endWord && answerGoesOn(words, segments[s + 1], line))
      words.push(...segments[s + 1].words);
    return words.length > 0 ? { words, position: 'same-segment' } : null;
  }
  // What OCR read of a leader's end between caption and answer is passed over.
  const from = segments[s + 2] && isLeaderDebris(segments[s + 1]?.words ?? []) ? s + 2 : s + 1;
  const next = segments[from];
  if (!next || looksLikeLabel(next.words, context)) return null;
  const words = untilNextLabel(next.words, context);
  if (words.length === next.words.length && answerGoesOn(words, segments[from + 1], line))
    words.push(...segments[from + 1].words);
  return words.length > 0 ? { words, position: 'next-segment' } : null;
}

/**
 * The line's segments, the one the match's last word stands in, and the index after that
 * segment's last word; null when the match ends past the line.
 */
function segmentOfMatchEnd(
  match: LabelMatch,
): { segments: ReturnType<typeof splitSegments>; index: number; end: number } | null {
  const segments = splitSegments(match.line);
  let start = 0;
  for (const [index, segment] of segments.entries()) {
    const end = start + segment.words.length;
    if (match.endWord - 1 < end) return { segments, index, end };
    start = end;
  }
  return null;
}

/** A capitalised word of letters: a caption's last word as much as a one-word name. */
const CAPITALISED_WORD = /^\p{Lu}\p{Ll}+$/u;

/**
 * The answer after a caption printed one word longer than the field's phrase ("Insured Party"
 * where the field says "Insured Name"): the rest of the caption's segment is one capitalised
 * word, and the next segment of the line, no caption, holds two words or more. For fields
 * asking for a name: the one word alone would be read as a one-word name (draw 7023's loss runs
 * gave the insured as "Party", "James Quinn" printed after it). Null otherwise.
 */
export function answerAfterCaptionTail(
  match: LabelMatch,
  context: AnswerContext,
): PositionedWord[] | null {
  const at = segmentOfMatchEnd(match);
  if (!at) return null;
  const tail = match.line.words[match.endWord];
  if (at.end - match.endWord !== 1 || !tail || !CAPITALISED_WORD.test(tail.text)) return null;
  const next = at.segments[at.index + 1];
  if (!next || looksLikeLabel(next.words, context)) return null;
  const words = untilNextLabel(next.words, context);
  return words.length >= 2 ? words : null;
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
export function besideOnItsOwnLine(
  match: LabelMatch,
  labelWords: readonly PositionedWord[],
  context: AnswerContext,
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
export function alignedBelow(
  anchor: CornerBox,
  line: TextLine,
  lineIndex: number,
  maxLines: number,
  context: AnswerContext,
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
    const segments = splitSegments(next);
    const segment = segments.find(
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
    // A phrase ending in another field's caption, its answer beside it ("First Named Insured
    // Tyrone Hughes" under "Company", a harsh scan of draw 7029), is that caption: its first
    // words are no answer.
    if (words.length < segment.words.length && segments.indexOf(segment) < segments.length - 1)
      break;
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

/** The index of the line, from the caption's on, that holds an answer's word; -1 when none. */
function lineHolding(
  word: PositionedWord,
  captionLineIndex: number,
  context: AnswerContext,
): number {
  return context.lines.findIndex((line, i) => i >= captionLineIndex && line.words.includes(word));
}

/**
 * The lines a wrapped answer continues on: while its last line leaves the sentence open (it ends
 * with a comma, a hyphen or a word that never ends one: "of", "the", "with") or the next line
 * starts in lower case, the next line goes on with it, set close under it and starting at the
 * answer's left edge or its caption's. An answer's first line is all a reading took before,
 * leaving "Develop 14-mg tar delivery king size cigarette" without "for generic pricing ...".
 */
export function sentenceGoesOn(
  words: readonly PositionedWord[],
  captionLineIndex: number,
  labelWords: readonly PositionedWord[],
  context: AnswerContext,
): PositionedWord[] {
  if (words.length === 0) return [];
  const lefts = [words[0].box.x0, labelWords[0]?.box.x0 ?? words[0].box.x0];
  let last = words[words.length - 1];
  let lastIndex = lineHolding(last, captionLineIndex, context);
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

/** Lines an answer written as a block may go on over, after its first. */
const MAX_BLOCK_LINES = 3;

/**
 * The lines a text answer written as a block goes on over: right below its last line, tight,
 * starting where the answer starts, with nothing printed to their left between the caption's
 * left edge and the answer's ("cc: R. Schoenfein" over "S. Dammers" over "P. Hendricks"; "Title
 * of Action: ... a New" over "Jersey corporation, Defendant."). A line with a caption to its
 * left is the next caption's answer; one starting at the caption's edge, the next caption.
 */
export function blockGoesOn(
  words: readonly PositionedWord[],
  captionLineIndex: number,
  labelWords: readonly PositionedWord[],
  context: AnswerContext,
): PositionedWord[] {
  if (words.length === 0 || labelWords.length === 0) return [];
  const left = words[0].box.x0;
  const captionLeft = labelWords[0].box.x0;
  let lastIndex = lineHolding(words[words.length - 1], captionLineIndex, context);
  if (lastIndex < 0) return [];
  const result: PositionedWord[] = [];
  // Each line is the one right under the last taken: a line not taken ends the block.
  for (let i = lastIndex + 1; i < context.lines.length; i += 1) {
    const line = context.lines[i];
    const previous = context.lines[lastIndex];
    if (line.pageNumber !== previous.pageNumber) break;
    if (line.box.y0 - previous.box.y1 > boxHeight(previous.box) * 0.8) break;
    const tolerance = previous.heightInWidthUnits * 1.5;
    const segments = splitSegments(line);
    const at = segments.findIndex((s) => Math.abs(s.box.x0 - left) <= tolerance);
    if (at < 0) break;
    const leftOfIt = segments
      .slice(0, at)
      .some((s) => s.box.x1 > captionLeft - tolerance && s.box.x0 < left - tolerance);
    if (leftOfIt || looksLikeLabel(segments[at].words, context)) break;
    const more = untilNextLabel(segments[at].words, context);
    if (more.length === 0) break;
    result.push(...more);
    lastIndex = i;
    if (i - captionLineIndex >= MAX_BLOCK_LINES) break;
  }
  return result;
}
