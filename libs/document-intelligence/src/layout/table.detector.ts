import { upperMedian } from '../common/upper-median';
import {
  boxHeight,
  horizontalOverlap,
  unionBox,
  verticalOverlapRatio,
} from '../text-layer/box-geometry';
import {
  makeSegment,
  type PositionedWord,
  splitSegments,
  type TextLine,
  type TextSegment,
} from '../text-layer/line-grouper';
import { formBands, gridRuns, pairsItself } from './caption-grid';
import { joinCaptionPieces } from './caption-pieces';
import { apartAtEdges, edgesFollowed, edgeTolerance, flushLeftEdges } from './column-starts';
import { amountGroups, codesOnward, splitOverFigures } from './figure-columns';
import { gluedHeaderWordsApart } from './glued-header-words';
import { detectHeaderlessTables } from './headerless-table.detector';
import type { LayoutCell, LayoutTable } from './layout.types';
import { COLON_END, hasValueSignal, layoutText, looksLikeLabelText } from './layout-text';
import { withMarkedChoicesJoined } from './marked-choice';
import { fewGlyphs, isNoisePhrase, unsure } from './noise-phrase';
import { repeatsHeaderLine } from './repeated-header';
import {
  ESTABLISHED_ROWS,
  MIN_COLUMNS,
  restOfRowBefore,
  strayFigurePiece,
  type TableRow,
  tailOfCellAbove,
  valuesOfNextRow,
} from './row-fragments';
import { withoutStrayQuote } from './stray-quote';
import { TOTALS } from './table-totals';
import { withUncaptionedColumns } from './uncaptioned-column';

/*
 * Tables without a schema, ruled or not (the text layer has no ruling lines, so both are read
 * from the alignment of text): a header row of captions, then rows whose phrases fall under
 * the header's columns. A row with a phrase in one column only, close under the previous row,
 * continues that row's cells (wrapped descriptions). A totals row ends the table and is left
 * to the key-value pairs.
 */

/** A row further below the previous one than this many line heights starts something else. */
const MAX_ROW_GAP = 2.2;
/** A wrapped cell line sits closer than this many line heights under its row. */
const CONTINUATION_GAP = 0.9;
const MIN_BODY_ROWS = 2;
/** A table's last page of one row holds a full row: a form's band seldom holds this many. */
const MIN_LAST_PAGE_CELLS = 3;

interface Column {
  x0: number;
  x1: number;
  header: PositionedWord[];
}

/** A dot leader, alone or closing a caption ("EFFECTIVE...", "NO........"). */
const DOT_LEADER = /^[.…·]{3,}$|[.…·]{5,}$/;

/** The sign a header prints for "number" or "percent" under a caption above it ("Claim / #"). */
const SIGN_CAPTION = /^(?:#|%|no\.?)$/i;

/**
 * A 0 or 1 glued to a capital: OCR's reading of a caption's O or I ("0IS Reserve" for "O/S
 * Reserve" over a loss run's column on a fax-like scan of draw 7019).
 */
const DIGIT_FOR_CAPITAL = /(?<=\p{Lu})[01]|[01](?=\p{Lu})/gu;

/**
 * A header cell: caption-like text (a capital's look-alike digit read as the letter), or a lone
 * sign standing for one.
 */
/**
 * A lone 1 between two words: OCR's reading of a slash or an I ("Part 1 Labor" for "Part / Labor"
 * over an invoice's first column on a harsh scan of draw 7035); no caption counts so.
 */
const ONE_FOR_STROKE = /(?<=\p{L}\.? )1(?= \p{L})/gu;

function headerCaption(text: string): boolean {
  const read = text
    .replace(DIGIT_FOR_CAPITAL, (digit) => (digit === '0' ? 'O' : 'I'))
    .replace(ONE_FOR_STROKE, '/');
  return looksLikeLabelText(read) || SIGN_CAPTION.test(text.trim());
}

/** A phrase holding a caption with its colon ("Requested by: Karl Hutchison"): a form's line. */
function holdsColonCaption(segment: TextSegment): boolean {
  return segment.words.some((word) => COLON_END.test(word.text));
}

/** Below this confidence a lone figure among a header's words may be a speck OCR read. */
const UNSURE_FIGURE = 0.5;
/** A speck is less than this share of the tallest word beside it in the phrase. */
const SPECK_SHARE = 0.5;

/**
 * A header phrase as its caption reads, a lone figure OCR read unsure and far smaller than the
 * words beside it left out (`3` at 0.44, an eighth of their height, before `inc. Total` on a
 * harsh scan of draw 7033 made the loss run's header no header, and the whole table was lost).
 * An empty tick box read `0` is a letter's height: a form's line, no header (FUNSD 86079776).
 */
function captionText(segment: TextSegment): string {
  const tallest = Math.max(...segment.words.map((w) => boxHeight(w.box)));
  const speck = (w: PositionedWord): boolean =>
    /^\d$/.test(w.text) && w.confidence < UNSURE_FIGURE && boxHeight(w.box) < SPECK_SHARE * tallest;
  return segment.words
    .filter((w) => !speck(w))
    .map((w) => w.text)
    .join(' ');
}

function isHeaderLine(segments: readonly TextSegment[]): boolean {
  const captions = segments.map(captionText).filter((text) => text.length > 0);
  return (
    captions.length >= MIN_COLUMNS &&
    segments.every((s) => !s.text.trim().endsWith(':') && !holdsColonCaption(s)) &&
    captions.every(headerCaption) &&
    captions.some(looksLikeLabelText)
  );
}

/** Phrases of a few glyphs, each far less tall than the header's text (`textHeight`). */
function specksOnly(segments: readonly TextSegment[], textHeight: number): boolean {
  return (
    segments.length > 0 &&
    segments.every(
      (segment) => fewGlyphs(segment) && boxHeight(segment.box) <= textHeight * SPECK_LINE_HEIGHT,
    )
  );
}

/** A line's phrases without OCR noise: the phrases tables are read from. */
function tablePhrases(line: TextLine): TextSegment[] {
  return withMarkedChoicesJoined(splitSegments(line).filter((segment) => !isNoisePhrase(segment)));
}

/** The column a phrase falls under: most shared width, else the nearest within reach. */
function columnOf(segment: TextSegment, columns: readonly Column[], reach: number): number {
  let best = -1;
  let bestOverlap = 0;
  columns.forEach((column, index) => {
    const overlap = horizontalOverlap(segment.box, {
      ...segment.box,
      x0: column.x0,
      x1: column.x1,
    });
    if (overlap > bestOverlap) {
      bestOverlap = overlap;
      best = index;
    }
  });
  if (best >= 0) return best;
  let nearest = -1;
  let distance = reach;
  columns.forEach((column, index) => {
    const d = Math.min(
      Math.abs(segment.box.x0 - column.x0),
      Math.abs(segment.box.x1 - column.x1),
      Math.abs(segment.box.x0 - column.x1),
      Math.abs(segment.box.x1 - column.x0),
    );
    if (d < distance) {
      distance = d;
      nearest = index;
    }
  });
  return nearest;
}

/** A phrase of amounts as one phrase an amount, each with its currency code. */
function eachAmount(segment: TextSegment): TextSegment[] {
  const groups = amountGroups(segment.words);
  if (!groups || groups.length < 2) return [segment];
  return groups.map((words) => ({
    words,
    box: unionBox(words.map((w) => w.box))!,
    text: words.map((w) => w.text).join(' '),
  }));
}

/**
 * Figures of neighbouring columns printed close together run into one phrase of the line
 * ("$20,702.26 $11,526.55 $32,228.81", "15,661.18 USD 16,745.77 USD"). A phrase made only of
 * amounts, each with at most its currency code, whose amounts fall under different columns, is
 * taken apart amount by amount: no cell prints two amounts side by side.
 */
function amountsApart(
  segment: TextSegment,
  columns: readonly Column[],
  reach: number,
): TextSegment[] {
  const apart = eachAmount(segment);
  if (apart.length < 2) return [segment];
  const under = new Set(apart.map((s) => columnOf(s, columns, reach)));
  return under.size > 1 && !under.has(-1) ? apart : [segment];
}

/**
 * What the rows under a header are read with: the left edges of the columns set flush left, how
 * near a word starting at one stands, the header's text height, and the height below which a
 * phrase is a speck.
 */
interface RowReading {
  readonly edges: readonly number[];
  readonly tolerance: number;
  readonly textHeight: number;
  readonly speckHeight: number;
}

const PLAIN_READING: RowReading = { edges: [], tolerance: 0, textHeight: 0, speckHeight: 0 };

/** A phrase far less tall than the header's text: a scan's speck read as a glyph ("d", ":"). */
const SPECK_HEIGHT = 0.4;
/**
 * A line of a few glyphs at most this share of the header's text height is a speck however
 * sure OCR was of it: a harsh scan of draw 7022 read a `2` (0.66) half as tall as the header
 * between the header and the first row, and the table lost its header.
 */
const SPECK_LINE_HEIGHT = 0.6;

/**
 * Phrases of a line by column, a phrase running from one flush-left column into the next taken
 * apart at the column's edge; null when a phrase fits no column or two share one. A phrase
 * OCR was unsure of, or a speck, that fits no column is a mark or a ruling read as a letter,
 * not a cell: it is left out rather than ending the table.
 */
function rowOf(
  segments: readonly TextSegment[],
  columns: readonly Column[],
  reach: number,
  reading: RowReading = PLAIN_READING,
): TableRow | null {
  const row: TableRow = new Map();
  const phrases = codesOnward(
    segments.flatMap((s) => apartAtEdges(s, reading.edges, reading.tolerance)),
    makeSegment,
  ).flatMap((s) => amountsApart(s, columns, reach));
  for (const segment of phrases) {
    const column = columnOf(segment, columns, reach);
    // A speck is no cell wherever it falls ("i" before "$1666.34").
    if (boxHeight(segment.box) < reading.speckHeight) continue;
    if (column < 0 && unsure(segment.words)) continue;
    if (column < 0) return null;
    row.set(column, [...(row.get(column) ?? []), ...segment.words]);
  }
  return row;
}

function rowText(row: TableRow): string {
  return [...row.values()].map((words) => words.map((w) => w.text).join(' ')).join(' ');
}

/**
 * The totals line a table ends at, when it sums two or more columns ("Grand Total  $79,766.66
 * $176,757.79"): its caption, and each amount with the header of the column it stands under.
 */
export interface TableFoot {
  readonly caption: readonly PositionedWord[];
  readonly amounts: ReadonlyArray<{
    readonly words: readonly PositionedWord[];
    readonly header: readonly PositionedWord[];
  }>;
}

interface Detected {
  readonly table: LayoutTable;
  /** The line the header's captions were read from. */
  readonly headerLine: TextLine;
  readonly lastLine: number;
  readonly foot: TableFoot | null;
}

/** A totals row as a caption and its amounts by column, when it holds two amounts or more. */
function footOf(row: TableRow, columns: readonly Column[]): TableFoot | null {
  const caption: PositionedWord[] = [];
  const amounts: Array<TableFoot['amounts'][number]> = [];
  [...row]
    .sort(([a], [b]) => a - b)
    .forEach(([column, words]) => {
      if (hasValueSignal(layoutText(words).text)) {
        amounts.push({ words, header: columns[column].header });
      } else caption.push(...words);
    });
  return caption.length > 0 && amounts.length >= 2 ? { caption, amounts } : null;
}

function centreY(line: TextLine): number {
  return (line.box.y0 + line.box.y1) / 2;
}

/**
 * A caption line close above a header line with more columns is the first line of a two-line
 * header whose columns the second line sets ("Work / Performed", "Ext. / Price"): its captions
 * join the columns under them. A skewed scan may have that line cut in two by the line grouper
 * ("Total  Incurred" a little above "File  Accident"): both pieces are read.
 */
function headerAbove(
  lines: readonly TextLine[],
  start: number,
  segmentsOf: (index: number) => TextSegment[],
): TextSegment[] {
  if (start === 0) return [];
  const pieces = [start - 1];
  if (start >= 2 && samePrintedLine(lines[start - 2], lines[start - 1])) pieces.unshift(start - 2);
  const above = pieces.flatMap(segmentsOf).sort((a, b) => a.box.x0 - b.box.x0);
  const height = boxHeight(lines[start].box);
  // A skewed scan's line boxes are taller than their print, so the step between the two lines'
  // middles is also held to the words' own height: a caption/answer line three lines above
  // ("Insured Party  Derek Novak" on a fax-like scan of draw 7019) is no header's first line.
  const print = upperMedian(lines[start].words.map((w) => boxHeight(w.box)));
  const step = centreY(lines[start]) - centreY(lines[start - 1]);
  const close =
    lines[start].box.y0 - lines[start - 1].box.y1 < height * CONTINUATION_GAP &&
    step < print * (1 + CONTINUATION_GAP);
  return close &&
    above.length < segmentsOf(start).length &&
    above.every((s) => looksLikeLabelText(s.text))
    ? above
    : [];
}

/**
 * Two lines the grouper made of one printed line: one's middle within the other's height, of
 * about the same height (a tight print's overlapping boxes, a skewed scan's drift).
 */
function samePrintedLine(piece: TextLine, line: TextLine): boolean {
  if (piece.pageNumber !== line.pageNumber) return false;
  const middle = (piece.box.y0 + piece.box.y1) / 2;
  const height = boxHeight(line.box);
  return (
    middle > line.box.y0 &&
    middle < line.box.y1 &&
    Math.abs(boxHeight(piece.box) - height) < height * 0.3
  );
}

/** A cell of one character: no caption, more likely a lone digit OCR read as a letter ("1" as "T"). */
function oneGlyph(words: readonly PositionedWord[]): boolean {
  return words.length === 1 && [...words[0].text].length === 1;
}

/**
 * A summary line under the rows ("Goods Total  USD 19,841.23", "Taxes  USD 992.06"): nothing in
 * the first column, and a caption in a column of values: no row so far held other text there,
 * and most held a value. It ends the table and is left to the key-value pairs, whatever words
 * it uses. A cell OCR was unsure of or read as one letter does not count against the column (a
 * quantity "5" read as "H", a "1" read as "T"), nor a cell it lost (a lone "6" a scan's noise
 * swallowed), as long as most rows hold values there, or the line holds its figure further right
 * (a scan's narrow column of quantities OCR lost in most rows: a caption there with an amount
 * after it is the totals line, not a row whose description moved).
 */
function isSummaryRow(row: TableRow, body: readonly TableRow[]): boolean {
  if (body.length === 0 || row.has(0)) return false;
  const holdsValue = (r: TableRow, column: number): boolean =>
    r.has(column) && hasValueSignal(layoutText(r.get(column)!).text);
  const valueLike = (r: TableRow, column: number): boolean =>
    holdsValue(r, column) ||
    (r.has(column) &&
      (unsure(r.get(column)!) || oneGlyph(r.get(column)!) || garbled(r.get(column)!)));
  const figureAfter = (column: number): boolean =>
    [...row.keys()].some((other) => other > column && holdsValue(row, other));
  return [...row].some(
    ([column, words]) =>
      column > 0 &&
      !hasValueSignal(layoutText(words).text) &&
      body.every((r) => !r.has(column) || valueLike(r, column)) &&
      (body.filter((r) => valueLike(r, column)).length * 2 > body.length || figureAfter(column)) &&
      body.some((r) => holdsValue(r, column)),
  );
}

/**
 * A cell of a few glyphs with a word OCR was unsure of: a figure read as junk ("o wu" at 0.73
 * and 0.21 for a quantity on a harsh scan of draw 7029), no caption.
 */
function garbled(words: readonly PositionedWord[]): boolean {
  return fewGlyphs(makeSegment(words)) && words.some((word) => unsure([word]));
}

/** Lines close enough under a header line to be its first rows (looked at before reading them). */
const HEADER_LOOKAHEAD = 6;

function bodyLinesBelow(lines: readonly TextLine[], start: number, height: number): number[] {
  const found: number[] = [];
  let last = start;
  for (let i = start + 1; i < lines.length && found.length < HEADER_LOOKAHEAD; i += 1) {
    if (lines[i].pageNumber !== lines[start].pageNumber) break;
    if (lines[i].box.y0 - lines[last].box.y1 > height * MAX_ROW_GAP) break;
    found.push(i);
    last = i;
  }
  return found;
}

/**
 * Two captions printed close side by side run together into one phrase of the header line
 * ("Paid to Date Open Reserve"), while the rows under it keep two separate figures there: the
 * header is split at the widest gap between its words over the two figures, so that each column
 * keeps its own caption instead of one column holding both figures. Only where most of the
 * first rows print two figures under the one phrase. Amounts run together (figure-columns.ts)
 * are shared out first, by where the caption words stand over them.
 */
function splitRunTogetherCaptions(
  columns: readonly Column[],
  rows: readonly TextSegment[][],
  reach: number,
): Column[] {
  const split: Column[] = [];
  // Figures run together into one phrase under one caption phrase: shared out by the figures.
  // Their captions' words go to the figure they stand over, which a tight print leaves no gap
  // to tell ("Open Reserve Incurred Amount" over two figures is cut after "Reserve").
  // A caption word run together with the next column's caption is cut in two first.
  const overFigures = (column: Column, index: number): Column[] | null =>
    column.header.length >= 2
      ? splitOverFigures(
          { ...column, header: gluedHeaderWordsApart(column.header) },
          rows.map((segments) =>
            segments
              .flatMap(eachAmount)
              .filter((s) => columnOf(s, columns, reach) === index)
              .flatMap((s) => s.words),
          ),
        )
      : null;
  columns.forEach((column, index) => {
    const byFigures = overFigures(column, index);
    if (byFigures) {
      split.push(...byFigures);
      return;
    }
    const words = [...column.header].sort((a, b) => a.box.x0 - b.box.x0);
    const lefts: number[] = [];
    const rights: number[] = [];
    let valueRows = 0;
    for (const segments of rows) {
      const under = segments.filter((s) => columnOf(s, columns, reach) === index);
      if (under.length === 0) continue;
      if (!under.some((s) => hasValueSignal(s.text))) continue;
      valueRows += 1;
      if (under.length !== 2 || !under.every((s) => hasValueSignal(s.text))) continue;
      const [left, right] = [...under].sort((a, b) => a.box.x0 - b.box.x0);
      if (left.box.x1 >= right.box.x0) continue;
      lefts.push(left.box.x0);
      rights.push(right.box.x1);
    }
    if (words.length < 2 || lefts.length < 2 || lefts.length * 2 <= valueRows) {
      split.push(column);
      return;
    }
    const from = upperMedian(lefts);
    const to = upperMedian(rights);
    let at = -1;
    let widest = 0;
    for (let k = 1; k < words.length; k += 1) {
      const gap = words[k].box.x0 - words[k - 1].box.x1;
      if (words[k - 1].box.x1 <= from || words[k].box.x0 >= to) continue;
      if (gap > widest) {
        widest = gap;
        at = k;
      }
    }
    if (at < 0) {
      split.push(column);
      return;
    }
    const leftWords = words.slice(0, at);
    const rightWords = words.slice(at);
    split.push(
      { x0: column.x0, x1: leftWords[leftWords.length - 1].box.x1, header: leftWords },
      { x0: rightWords[0].box.x0, x1: column.x1, header: rightWords },
    );
  });
  return split;
}

/** Keeps a table's first lines up to its totals line, which sums figures, not one of them. */
function beforeTotals(): (segments: readonly TextSegment[]) => boolean {
  let ended = false;
  return (segments) => {
    ended ||= TOTALS.test(
      segments
        .map((s) => s.text)
        .join(' ')
        .trim(),
    );
    return !ended;
  };
}

/**
 * Lines beside a header line at its very height: the same printed line, which the line grouper
 * cut where a tight print overlapped one caption's box with the next ("Payments Open Reserve"
 * and "Incurred Amount"). Each holds captions only.
 */
function headerLinePieces(
  lines: readonly TextLine[],
  start: number,
  captionsOf: (index: number) => TextSegment[],
): number[] {
  const header = captionsOf(start);
  return [start - 1, start + 1].filter((i) => {
    const line = lines[i];
    if (!line || !samePrintedLine(line, lines[start])) return false;
    const captions = captionsOf(i);
    // The cut falls where one caption's box runs over the next: a piece shares width with a
    // caption of the header line. One that shares none is some other line at that height.
    return (
      captions.length > 0 &&
      captions.every((c) => looksLikeLabelText(c.text)) &&
      captions.some((c) => header.some((h) => c.box.x0 < h.box.x1 && h.box.x0 < c.box.x1))
    );
  });
}

/**
 * The header's columns with the captions of its other pieces: a caption sharing width with a
 * column joins its caption (the figures under them tell them apart, splitRunTogetherCaptions);
 * one sharing none is left out.
 */
function withCaptionPieces(columns: readonly Column[], pieces: readonly TextSegment[]): Column[] {
  const joined = columns.map((c) => ({ ...c, header: [...c.header] }));
  for (const piece of pieces) {
    const under = joined.find((c) => piece.box.x0 < c.x1 && c.x0 < piece.box.x1);
    if (!under) continue;
    under.header.push(...piece.words);
    under.x0 = Math.min(under.x0, piece.box.x0);
    under.x1 = Math.max(under.x1, piece.box.x1);
  }
  return joined;
}

function tableFrom(
  lines: readonly TextLine[],
  start: number,
  segmentsOf: (index: number) => TextSegment[],
  captionsOf: (index: number) => TextSegment[],
  repeatedHeader: boolean,
): Detected | null {
  const height = boxHeight(lines[start].box);
  const reach = lines[start].heightInWidthUnits * 3;
  const pieces = headerLinePieces(lines, start, captionsOf);
  const firstBody = bodyLinesBelow(lines, Math.max(start, ...pieces), height)
    .map(segmentsOf)
    .filter(beforeTotals());
  const captioned: Column[] = joinCaptionPieces(
    splitRunTogetherCaptions(
      withCaptionPieces(
        captionsOf(start).map((s) => ({ x0: s.box.x0, x1: s.box.x1, header: [...s.words] })),
        pieces.flatMap((i) => captionsOf(i)),
      ),
      firstBody,
      reach,
    ),
    firstBody,
  );
  const columns = withUncaptionedColumns(
    captioned,
    firstBody,
    (segment) => columnOf(segment, captioned, reach),
    (x0, x1) => ({ x0, x1, header: [] }),
  );
  // Columns set flush left under their captions, told from the first rows under the header.
  const firstRows = bodyLinesBelow(lines, Math.max(start, ...pieces), height).map(segmentsOf);
  const tolerance = edgeTolerance(lines[start].charWidth);
  // Of the captions' glyphs, not the line's box, which a skewed scan's drift makes taller.
  const textHeight = upperMedian(lines[start].words.map((w) => boxHeight(w.box)));
  let reading: RowReading = {
    edges: flushLeftEdges(columns, firstRows, tolerance),
    tolerance,
    textHeight,
    speckHeight: textHeight * SPECK_HEIGHT,
  };
  let last = Math.max(start, ...pieces);
  const above = pieces.includes(start - 1) ? [] : headerAbove(lines, start, captionsOf);
  const aboveRow = above.length > 0 ? rowOf(above, columns, reach) : null;
  aboveRow?.forEach((words, column) => columns[column].header.unshift(...words));

  // A second caption line close under the first completes a two-line header.
  const head = last;
  const second = head + 1 < lines.length ? captionsOf(head + 1) : [];
  const secondRow = second.length > 0 ? rowOf(second, columns, reach) : null;
  const third = head + 2 < lines.length ? segmentsOf(head + 2) : [];
  if (
    secondRow &&
    lines[head + 1].box.y0 - lines[head].box.y1 < height * CONTINUATION_GAP &&
    second.every((s) => headerCaption(s.text)) &&
    third.some((s) => hasValueSignal(s.text))
  ) {
    secondRow.forEach((words, column) => columns[column].header.push(...words));
    last = head + 1;
  }

  const body: TableRow[] = [];
  let foot: TableFoot | null = null;
  let endedAtTotals = false;
  // Cells of the next row read on a line of their own (see valuesOfNextRow).
  let carried: TableRow | null = null;
  for (let i = last + 1; i < lines.length; i += 1) {
    const line = lines[i];
    if (line.pageNumber !== lines[start].pageNumber) break;
    const gap = line.box.y0 - lines[last].box.y1;
    if (gap > height * MAX_ROW_GAP) break;
    // A line of OCR noise alone (a speck read `AID)` between two rows of a fax-like scan of draw
    // 7019) is no row, no summary caption and no end, between rows of a table under way and a
    // whole row after it: the next row is measured from the last. On a form (FUNSD) such a
    // line more often closes a table of a few rows, and the lines after it are the form's.
    const rowFollows =
      (rowOf(segmentsOf(i + 1) ?? [], columns, reach, reading)?.size ?? 0) >= MIN_COLUMNS;
    if (
      ((segmentsOf(i).every(isNoisePhrase) && body.length >= ESTABLISHED_ROWS) ||
        specksOnly(segmentsOf(i), reading.textHeight)) &&
      rowFollows
    ) {
      continue;
    }
    const tail =
      gap < height * CONTINUATION_GAP && body.length >= ESTABLISHED_ROWS
        ? tailOfCellAbove(segmentsOf(i), body.at(-1))
        : null;
    const rowAfter = (): number =>
      rowOf(segmentsOf(i + 1) ?? [], columns, reach, reading)?.size ?? 0;
    if (tail && rowAfter() >= MIN_COLUMNS) {
      tail.cell.push(...tail.words);
      last = i;
      continue;
    }
    const row = rowOf(segmentsOf(i), columns, reach, reading);
    if (!row) break;
    carried?.forEach((words, column) => row.set(column, [...words, ...(row.get(column) ?? [])]));
    carried = null;
    const rowBefore = body[body.length - 1];
    if (rowBefore && restOfRowBefore(row, rowBefore, line, lines[last])) {
      row.forEach((words, column) => {
        if (!isNoisePhrase(makeSegment(words))) rowBefore.set(column, words);
      });
      continue;
    }
    const text = rowText(row);
    if (
      TOTALS.test(text.trim()) ||
      TOTALS.test([...row.values()][0]?.[0]?.text ?? '') ||
      isSummaryRow(row, body)
    ) {
      foot = footOf(row, columns);
      // Said in so many words: a caption where one row held a value says little after one row.
      endedAtTotals = !isSummaryRow(row, body) || TOTALS.test(text.trim());
      break;
    }
    const previous = body[body.length - 1];
    if (
      previous &&
      row.size < MIN_COLUMNS &&
      gap < height * CONTINUATION_GAP &&
      !hasValueSignal(text)
    ) {
      row.forEach((words, column) =>
        previous.set(column, [...(previous.get(column) ?? []), ...words]),
      );
      last = i;
      continue;
    }
    const below = lines[i + 1];
    const next =
      row.size < MIN_COLUMNS &&
      below?.pageNumber === line.pageNumber &&
      below.box.y0 - line.box.y1 < height * CONTINUATION_GAP
        ? rowOf(segmentsOf(i + 1), columns, reach, reading)
        : null;
    if (next && valuesOfNextRow(row, text, next, body)) {
      // Under a row that holds these columns the values can only be the next row's; under one
      // that lacks them too they may be either's, and are left out rather than guessed.
      if ([...row.keys()].every((column) => previous?.has(column))) carried = row;
      last = i;
      continue;
    }
    const overlapsRowAround = [lines[last], below].some(
      (other) => other !== undefined && verticalOverlapRatio(line.box, other.box) > 0,
    );
    if (
      body.length >= ESTABLISHED_ROWS &&
      below?.pageNumber === line.pageNumber &&
      strayFigurePiece(
        row,
        text,
        rowOf(segmentsOf(i + 1), columns, reach, reading),
        overlapsRowAround,
      )
    ) {
      continue;
    }
    if (row.size < MIN_COLUMNS) break;
    // A caption led to its answer by dots is a form's line: no table prints a leader in a row.
    if ([...row.values()].some((words) => words.some((w) => DOT_LEADER.test(w.text)))) break;
    // Another caption row followed by answers: a boxed form's next band, not a table row.
    if (
      isHeaderLine(captionsOf(i)) &&
      body.length > 0 &&
      !body.some((r) => !hasValueSignal(rowText(r)))
    ) {
      break;
    }
    body.push(row);
    reading = {
      ...reading,
      edges: edgesFollowed(reading.edges, [...row.values()].flat(), tolerance),
    };
    last = i;
  }
  // One row under a header is a form's band of captions over answers, unless a totals line
  // closes it or the header is one an earlier page's table printed: the last page of a table
  // run on from the page before ("CLAIM NO. ..." repeated over its one last row, then "Total
  // Paid"; repeated-header.ts).
  const lastPage =
    body.length === 1 && (endedAtTotals || repeatedHeader) && body[0].size >= MIN_LAST_PAGE_CELLS;
  if (body.length < MIN_BODY_ROWS && !lastPage) return null;
  // Plain text columns with no number anywhere are more often prose or a form than a table.
  if (!body.some((row) => hasValueSignal(rowText(row)))) return null;

  // A column whose caption was lost has no header cell: its cells are read by what they hold.
  const cells: LayoutCell[] = columns.flatMap((column, columnIndex) =>
    column.header.length === 0
      ? []
      : [
          {
            ...layoutText(column.header),
            rowIndex: 0,
            columnIndex,
            rowSpan: 1,
            columnSpan: 1,
            isHeader: true,
          },
        ],
  );
  body.forEach((row, r) =>
    row.forEach((words, columnIndex) =>
      cells.push({
        ...layoutText(withoutStrayQuote(words)),
        rowIndex: r + 1,
        columnIndex,
        rowSpan: 1,
        columnSpan: 1,
        isHeader: false,
      }),
    ),
  );
  return {
    table: {
      box: unionBox(cells.map((c) => c.box))!,
      rows: body.length + 1,
      columns: columns.length,
      headerRows: 1,
      cells,
    },
    headerLine: lines[start],
    lastLine: last,
    foot,
  };
}

/**
 * A caption line close above a header line of more columns ("COVERAGE  AMOUNT OF" over "PART
 * INSURANCE  DED.  COST"): the lower line heads the table, the upper one joins its captions.
 */
function headsLineBelow(
  lines: readonly TextLine[],
  segments: readonly TextSegment[][],
  index: number,
): boolean {
  const below = index + 1;
  if (below >= lines.length || lines[below].pageNumber !== lines[index].pageNumber) return false;
  const close =
    lines[below].box.y0 - lines[index].box.y1 < boxHeight(lines[below].box) * CONTINUATION_GAP;
  return close && segments[below].length > segments[index].length && isHeaderLine(segments[below]);
}

/** Finds the tables on the lines of one page, top to bottom. */
export function detectTables(lines: readonly TextLine[]): LayoutTable[] {
  return detectTableLayout(lines).tables;
}

/**
 * The tables of a page, the totals lines that sum two or more of their columns, and the line
 * each table's header was read from (for the pages after: `earlierHeaders`, the header lines of
 * the document's earlier pages, whose repetition heads a table's last rows).
 */
export function detectTableLayout(
  lines: readonly TextLine[],
  earlierHeaders: readonly TextLine[] = [],
): {
  tables: LayoutTable[];
  feet: TableFoot[];
  headerLines: TextLine[];
} {
  const segments = lines.map((line) => splitSegments(line));
  // Header rows are told without OCR noise; body rows keep every phrase (an unsure cell
  // still counts where the rows end).
  const captions = lines.map(tablePhrases);
  const parts = lines.map((line, i) => ({ line, segments: captions[i] }));
  const band = new Set<number>();
  // Lines of a form no table without a header is read from: a boxed form's bands, and grids
  // of two caption/answer pairs a line, whose answer columns would pass for a table's figures.
  // A grid of one pair a line ("Frame labor  $62.00" among an invoice's rows) holds one column
  // of figures, which no table without a header is made of.
  const formLines = new Set<number>();
  // Repeated bands of a boxed form: each caption row would otherwise head a table.
  for (const found of formBands(parts, () => true)) {
    if (found.repeated) band.add(found.captionLine).add(found.captionLine + 1);
  }
  band.forEach((i) => formLines.add(i));
  // A caption/answer grid's rows are pairs; one of them ("Account Name  Hiroshi Thompson")
  // would otherwise head a table of the rows under it.
  for (const run of gridRuns(parts, () => true)) {
    // Its first line may be a table's header over rows of pairs, unless it says it is a pair
    // itself ("POLICYHOLDER  Fatima Nguyen", "Police Notified  X Yes No").
    run.slice(pairsItself(parts[run[0]]) ? 0 : 1).forEach((i) => band.add(i));
    if (run.some((i) => captions[i].length >= 4)) run.forEach((i) => formLines.add(i));
  }
  const tables: LayoutTable[] = [];
  const feet: TableFoot[] = [];
  const headerLines: TextLine[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    if (band.has(i) || !isHeaderLine(captions[i])) continue;
    // The first line of a two-line header: the line under it sets the columns (headerAbove).
    if (headsLineBelow(lines, captions, i)) continue;
    const found = tableFrom(
      lines,
      i,
      (index) => segments[index],
      (index) => captions[index],
      repeatsHeaderLine(lines[i], earlierHeaders),
    );
    if (!found) continue;
    tables.push(found.table);
    headerLines.push(found.headerLine);
    if (found.foot) feet.push(found.foot);
    i = found.lastLine;
  }
  // No header row read on the page (a shaded band OCR could not read): rows of the same shape
  // still make a table, its columns left for the values they hold to name.
  if (tables.length === 0)
    tables.push(...detectHeaderlessTables(lines, (index) => captions[index], formLines));
  return { tables, feet, headerLines };
}

/** Every word a table cell holds, so pair detection leaves them alone. */
export function tableWords(tables: readonly LayoutTable[]): Set<PositionedWord> {
  return new Set(tables.flatMap((t) => t.cells.flatMap((c) => c.words)));
}
