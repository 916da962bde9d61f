import type { CornerBox } from '@docket/platform';

import { readsAsCurrencyCode } from '../values/money-normaliser';
import { boxCentreX, boxHeight, unionBox, verticalOverlapRatio } from './box-geometry';
import { splitGluedWord } from './glued-word.splitter';
import {
  withColonsRestored,
  withIdCaptionRead,
  withLeadersJoined,
  withoutGluedMarks,
  withoutSpecks,
} from './ocr-specks';
import { levelled, pageSlope } from './page-skew';
import { withoutRereadPieces } from './reread-pieces';
import { joinSplitFigures } from './split-figure.joiner';
import type { PositionedWord, TextPage } from './text-layer.types';
import { withoutUnclosedQuote } from './unclosed-quote';

export type { PositionedWord } from './text-layer.types';

export interface TextLine {
  readonly pageNumber: number;
  /** Left to right. */
  readonly words: readonly PositionedWord[];
  readonly box: CornerBox;
  readonly text: string;
  /**
   * Median word height expressed in x-units (page-width fractions). Boxes are normalised per
   * axis, so comparing a horizontal gap with a height needs the page's aspect ratio.
   */
  readonly heightInWidthUnits: number;
  /** Median advance per character, in x-units; the scale of a word space in this font. */
  readonly charWidth: number;
  /**
   * Words that start a column the lines above or below start too, after a gap wider
   * than the line's word spaces: where a phrase ends though the gap alone is too narrow to say
   * (`alignedColumnStarts`).
   */
  readonly columnStarts?: ReadonlySet<PositionedWord>;
}

export interface TextSegment {
  readonly words: readonly PositionedWord[];
  readonly box: CornerBox;
  readonly text: string;
}

/** Words sharing at least this share of the shorter word's height are on one line. */
const SAME_LINE_OVERLAP = 0.5;
/** How much wider per letter than the next word a word may be printed before its box is taken for inflated. */
const OVERRUN_PITCH_SLACK = 1.1;
/** The fewest characters a word needs for its box to be judged by them. */
const MIN_OVERRUN_LETTERS = 3;
/** How far (in line heights) OCR's boxes of adjacent glyphs may overlap: they sometimes touch. */
const TOUCHING_GLYPHS_HEIGHTS = 0.3;
/** A word ending in a dot or underscore leader ("Date........"), drawn to reach its answer. */
const ENDS_IN_LEADER = /[._…·]{3,}$/;

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function makeLine(
  pageNumber: number,
  words: PositionedWord[],
  aspect: number,
  ocr: boolean,
): TextLine {
  const joined = joinSplitFigures(
    [...words].sort((a, b) => a.box.x0 - b.box.x0),
    ocr,
  );
  const sorted = ocr
    ? withLeadersJoined(withColonsRestored(withIdCaptionRead(withoutUnclosedQuote(joined), aspect)))
    : joined;
  return {
    pageNumber,
    words: sorted,
    box: unionBox(sorted.map((w) => w.box))!,
    text: sorted.map((w) => w.text).join(' '),
    heightInWidthUnits: median(sorted.map((w) => boxHeight(w.box))) * aspect,
    charWidth: median(sorted.map((w) => (w.box.x1 - w.box.x0) / Math.max(1, [...w.text].length))),
  };
}

/**
 * Groups a page's words into visual lines, top to bottom. Words are chained left to right to
 * the line whose right-most word they overlap vertically, rather than to a line's overall box:
 * a scan rotated by half a degree drifts by most of a line height across the page, and chaining
 * follows that drift where a fixed band would cut the line in two.
 */
export function groupLines(page: TextPage): TextLine[] {
  const aspect = page.width > 0 ? page.height / page.width : 1;
  const read: PositionedWord[] = page.words
    .flatMap((word, index) =>
      splitGluedWord(word).map((part, i) => ({
        ...part,
        index: index + i / 4,
        pageNumber: page.pageNumber,
      })),
    )
    .filter((word) => word.text.trim().length > 0 && boxHeight(word.box) > 0)
    .sort((a, b) => a.box.x0 - b.box.x0 || a.box.y0 - b.box.y0);
  // Noise and rulings OCR read as marks, and a word's piece read twice, would break the lines
  // they stand among.
  const words =
    page.source === 'ocr'
      ? withoutSpecks(withoutRereadPieces(read), aspect).map(withoutGluedMarks)
      : read;

  // A skewed scan's lines climb or fall across the page: words are compared as if levelled.
  const slope = page.source === 'ocr' ? pageSlope(words, aspect) : 0;
  const lines: PositionedWord[][] = [];
  for (const word of words) {
    const line =
      lineTaking(lines, word, aspect, slope, false) ?? lineTaking(lines, word, aspect, slope, true);
    if (line) line.push(word);
    else lines.push([word]);
  }

  return withAlignedColumnStarts(
    lines
      .map((line) => makeLine(page.pageNumber, line, aspect, page.source === 'ocr'))
      .sort((a, b) => centreOf(a) - centreOf(b) || a.box.x0 - b.box.x0),
  );
}

/**
 * Words printed on one baseline share nearly all their height: this much of the shorter one's.
 */
const SAME_BASELINE_OVERLAP = 0.9;
/**
 * Words of one print size: the shorter box at least this share of the taller. Handwriting
 * overlaps its own strokes (FUNSD's `03 /02 /90`, the slashes twice the digits' height) and is
 * no tight print.
 */
const SAME_SIZE_SHARE = 0.8;

function sameSize(a: CornerBox, b: CornerBox): boolean {
  return (
    Math.min(boxHeight(a), boxHeight(b)) >= SAME_SIZE_SHARE * Math.max(boxHeight(a), boxHeight(b))
  );
}

/** How far (in line heights) a word on the same baseline may start inside the word before it. */
const OVERPRINT_HEIGHTS = 1;

/**
 * The line a word continues, best first by vertical overlap and then by closeness. A word
 * starting inside the line's last word belongs to no line, unless `overprinted` is asked for:
 * then a word on the very baseline of the last one may start up to a line height inside it.
 * Tight tables print a right-aligned figure wider than its column over the end of the column
 * before ("15,118.94 USD" then "29,950.74 USD" starting under that USD), and the row read as two
 * lines lost its columns; such a word is only placed so when no line takes it otherwise.
 */
function lineTaking(
  lines: readonly PositionedWord[][],
  word: PositionedWord,
  aspect: number,
  slope: number,
  overprinted: boolean,
): PositionedWord[] | undefined {
  const height = boxHeight(word.box) * aspect;
  let best: PositionedWord[] | undefined;
  let bestScore = -Infinity;
  for (const line of lines) {
    const last = line[line.length - 1];
    // A little overlap is allowed: OCR boxes of adjacent glyphs sometimes touch. A leader is
    // filler and often runs on under its answer, so the answer may overlap more of it.
    const slack = ENDS_IN_LEADER.test(last.text) ? height * 2 : height * TOUCHING_GLYPHS_HEIGHTS;
    const overlap = verticalOverlapRatio(last.box, levelled(word.box, boxCentreX(last.box), slope));
    const starts = overprinted
      ? overlap >= SAME_BASELINE_OVERLAP &&
        sameSize(last.box, word.box) &&
        word.box.x0 > last.box.x0 &&
        last.box.x1 <= word.box.x0 + OVERPRINT_HEIGHTS * height
      : last.box.x1 <= word.box.x0 + slack || overrunBy(last, word, line.slice(0, -1));
    if (!starts || overlap < SAME_LINE_OVERLAP) continue;
    const score = overlap - (word.box.x0 - last.box.x1) / Math.max(height, 1e-6) / 100;
    if (score > bestScore) {
      bestScore = score;
      best = line;
    }
  }
  return best;
}

/** A gap this many times the line's usual word space may end a phrase, when a column says so. */
const COLUMN_GAP_SPACES = 2;
/** Starts this close (character widths) stand in one column. */
const COLUMN_START_TOLERANCE = 0.5;
/** Lines this many line heights apart are neighbours whose columns a line may share. */
const NEIGHBOUR_HEIGHTS = 2.5;

/** A word in capitals with no digit: a caption word printed in capitals. */
const CAPITALS_WORD = /^\p{Lu}[\p{Lu}&#./-]+$/u;
/** An amount with its decimals or groups: after a currency's code ("USD 23,408.46"), no answer. */
const AMOUNT = /^[\d.,]*\d[.,]\d+$/;
/**
 * A caption word in capitals an answer may run into has four letters or more. A shorter one is
 * as often the answer's own abbreviation ("Fender LH", "Quarter panel RH" in a column of parts).
 */
const CAPTION_WORD_LETTERS = 4;
/** A word of an answer printed in title case ("Property"), not two letters of OCR junk. */
const TITLE_CASE_WORD = /^\p{Lu}?\p{Ll}{3,}$/u;

/**
 * The print changes between a caption in capitals and its answer where a phrase may end: a
 * caption too long for its column runs into its figure with a word space between ("COVERAGE
 * BEGINS 2024-09-09", "POLICY PERIOD TO 2025-04-01"), or an answer too long for its column
 * runs into the next caption ("Commercial Property POLICY #"), on declarations pages of draw
 * 7032. Where a neighbour line starts a phrase there, one ends.
 */
function printChangesAt(before: PositionedWord, word: PositionedWord): boolean {
  if (CAPITALS_WORD.test(before.text) && /\d/.test(word.text)) {
    return !(readsAsCurrencyCode(before.text) && AMOUNT.test(word.text));
  }
  return (
    CAPITALS_WORD.test(word.text) &&
    [...word.text].length >= CAPTION_WORD_LETTERS &&
    TITLE_CASE_WORD.test(before.text)
  );
}

/**
 * Each line with the words that start a column its neighbour lines start too. A grid printed
 * with narrow gutters ("Name of Insured  Underwood Logistics LLC  Evaluation Date  08/28/2024"
 * over "Certificate No.  PA/2021/088912  Underwriter  Granite Mutual") leaves a gap between an
 * answer and the next caption only twice a word space: too narrow for a phrase's end by itself,
 * but the caption under it starts exactly there.
 */
function withAlignedColumnStarts(lines: TextLine[]): TextLine[] {
  const starts = lines.map((line) => splitSegments(line).map((segment) => segment.box.x0));
  return lines.map((line, i) => {
    const neighbours = [i - 1, i + 1].filter(
      (j) =>
        lines[j] !== undefined &&
        lines[j].pageNumber === line.pageNumber &&
        Math.abs(centreOf(lines[j]) - centreOf(line)) * 1 <=
          NEIGHBOUR_HEIGHTS * boxHeight(line.box),
    );
    const space = median(line.words.slice(1).map((word, k) => word.box.x0 - line.words[k].box.x1));
    const found = new Set<PositionedWord>();
    line.words.forEach((word, k) => {
      if (k === 0) return;
      const gap = word.box.x0 - line.words[k - 1].box.x1;
      const tolerance = COLUMN_START_TOLERANCE * line.charWidth;
      const startsThere = (j: number): boolean =>
        starts[j].some((x, s) => s > 0 && Math.abs(x - word.box.x0) <= tolerance);
      // An answer run up to the next column ("... ME 04101 Peril", the caption "Peril" under
      // "Claim ID" and over "Notice Date") leaves no gap at all: the lines on both sides
      // starting a segment there say where the phrase ends.
      const wide = gap >= COLUMN_GAP_SPACES * Math.max(space, 0);
      const between = gap >= 0 && neighbours.length === 2 && neighbours.every(startsThere);
      const printChange = gap >= 0 && printChangesAt(line.words[k - 1], word);
      if (((wide || printChange) && neighbours.some(startsThere)) || between) found.add(word);
    });
    return found.size > 0 ? { ...line, columnStarts: found } : line;
  });
}

/** A word's width per letter. */
function pitchOf(word: PositionedWord): number {
  return (word.box.x1 - word.box.x0) / Math.max(1, [...word.text].length);
}

/**
 * OCR sometimes draws a word's box far wider than its letters ("Insured:" reaching over the
 * "An" of the answer after it). A word starting past where the previous word's letters end, at
 * the word's own width per letter, and ending beyond that box is the next word of the line, not
 * a word printed over the previous one. Capitals are wider than figures: the narrower width per
 * letter of the line's words before is taken when it is narrower (a harsh scan of draw 7022
 * drew `23,106.41` over the `USD` after it; at the capitals' width its nine figures reached just
 * past where `USD` began, and the row's end fell off as a line of its own).
 */
function overrunBy(
  last: PositionedWord,
  word: PositionedWord,
  before: readonly PositionedWord[],
): boolean {
  // A mark or a letter or two says too little of where its letters end (a ruling read as "i").
  if ([...last.text].length < MIN_OVERRUN_LETTERS) return false;
  const measured = before.filter((w) => [...w.text].length >= MIN_OVERRUN_LETTERS).map(pitchOf);
  const pitch = Math.min(pitchOf(word), measured.length > 0 ? median(measured) : Infinity);
  const lettersEnd = last.box.x0 + [...last.text].length * pitch * OVERRUN_PITCH_SLACK;
  return (
    word.box.x0 >= lettersEnd && (word.box.x1 > last.box.x1 || onBaselineOf(last.box, word.box))
  );
}

/** How far apart (in the taller box's heights) two words' middles may stand on one baseline. */
const SAME_MIDDLE_HEIGHTS = 0.15;

/**
 * A word whose middle is the previous word's middle: OCR drew the previous box over it (FUNSD's
 * `INCLUDING` reaching past `COVER` in "NUMBER OF PAGES INCLUDING COVER SHEET: 3"), where a
 * stamp or a word printed over a caption seldom stands on its very baseline.
 */
function onBaselineOf(last: CornerBox, word: CornerBox): boolean {
  const apart = Math.abs(last.y0 + last.y1 - word.y0 - word.y1) / 2;
  return apart <= SAME_MIDDLE_HEIGHTS * Math.max(boxHeight(last), boxHeight(word));
}

function centreOf(line: TextLine): number {
  return line.words.reduce((sum, w) => sum + (w.box.y0 + w.box.y1) / 2, 0) / line.words.length;
}

/**
 * Splits a line into phrases at gaps wider than `gapFactor` line heights, or twice that many
 * character widths if larger. A word space is about a third of a line height in proportional
 * fonts but a whole character in monospaced ones, where OCR boxes (tight around capitals) make
 * the height alone too small a yardstick.
 */
export function splitSegments(line: TextLine, gapFactor = 0.9): TextSegment[] {
  const threshold = Math.max(gapFactor * line.heightInWidthUnits, 2 * gapFactor * line.charWidth);
  const segments: PositionedWord[][] = [];
  let current: PositionedWord[] = [];
  for (const word of line.words) {
    const previous = current[current.length - 1];
    const gap = previous ? word.box.x0 - previous.box.x1 : 0;
    const columnStart = line.columnStarts?.has(word) ?? false;
    if (
      previous &&
      (gap > threshold || columnStart || overprints(previous, word, line)) &&
      !yearAfterComma(previous, word, gap, line)
    ) {
      segments.push(current);
      current = [];
    }
    current.push(word);
  }
  if (current.length > 0) segments.push(current);
  return segments.map((segmentWords) => makeSegment(segmentWords));
}

/**
 * A word printed over the end of the one before it (lineTaking's overprinted word): no phrase
 * runs on into its own letters, so a new one starts there. An answer overlapping its caption's
 * leader, or a word after a box OCR drew too wide, ran on as before.
 */
function overprints(previous: PositionedWord, word: PositionedWord, line: TextLine): boolean {
  return (
    previous.box.x1 > word.box.x0 + TOUCHING_GLYPHS_HEIGHTS * line.heightInWidthUnits &&
    !ENDS_IN_LEADER.test(previous.text) &&
    !overrunBy(previous, word, line.words.slice(0, line.words.indexOf(previous)))
  );
}

/** Further than this many line heights apart, a year is no longer its date's. */
const MAX_YEAR_GAP_HEIGHTS = 3;

/**
 * A date OCR split at its comma: the space after a day's comma reads as wide as a gap between
 * two phrases when the boxes are tight around the glyphs ("June 1,"  "2024"). The year goes on
 * with the date it finishes.
 */
function yearAfterComma(
  previous: PositionedWord,
  word: PositionedWord,
  gap: number,
  line: TextLine,
): boolean {
  return (
    gap <= MAX_YEAR_GAP_HEIGHTS * line.heightInWidthUnits &&
    /\p{L}\.?\s?\d{1,2},$|^\d{1,2},$/u.test(previous.text) &&
    /^\d{4}\b/.test(word.text)
  );
}

export function makeSegment(words: readonly PositionedWord[]): TextSegment {
  return {
    words,
    box: unionBox(words.map((w) => w.box))!,
    text: words.map((w) => w.text).join(' '),
  };
}
