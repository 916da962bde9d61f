import { horizontalOverlap, unionBox, verticalOverlapRatio } from '../text-layer/box-geometry';
import {
  makeSegment,
  type PositionedWord,
  type TextLine,
  type TextSegment,
} from '../text-layer/line-grouper';
import { readsAsCurrencyCode } from '../values/money-normaliser';
import { COLON_END, layoutText } from './layout-text';
import { isNoisePhrase } from './noise-phrase';

/*
 * Pieces of a table's rows that a skewed or noisy scan set on lines of their own: the values of
 * the row under, the rest of the row above, a stray piece of a figure. Each is no row of its own
 * and no end of the table (table.detector.ts reads them in its row loop).
 */

/** A table row as read: the words of each column it fills, by column index. */
export type TableRow = Map<number, PositionedWord[]>;

/** A row fills at least this many columns. */
export const MIN_COLUMNS = 2;

/** Rows read before a line that is no row of its own may be passed over: a table under way. */
export const ESTABLISHED_ROWS = 3;

/**
 * A line holding a value or two of the row under it, which a skewed scan set apart ("433.60"
 * read level with the row above, over "Radiator support", on a fax-like scan of draw 7021):
 * values in columns the next row leaves empty, which together with it make a row. Such a line
 * no longer ends the table.
 */
export function valuesOfNextRow(
  fragment: TableRow,
  text: string,
  next: TableRow,
  body: readonly TableRow[],
): boolean {
  return (
    body.length >= ESTABLISHED_ROWS &&
    // Figures alone: a line holding words ("TOTAL: $6,600.00") is a form's, not a row's piece.
    FIGURES_ONLY.test(text.trim()) &&
    [...fragment.keys()].every((column) => !next.has(column)) &&
    fragment.size + next.size >= MIN_COLUMNS &&
    ![...next.values()].some((words) => words.some((w) => COLON_END.test(w.text)))
  );
}

/** Figures, each with at most its currency code (as OCR may misread it: `uso 23,176.69`). */
function amountsOnly(words: readonly PositionedWord[]): boolean {
  const figures = words.filter((w) => !readsAsCurrencyCode(w.text));
  return figures.length > 0 && FIGURES_ONLY.test(layoutText(figures).text);
}

/**
 * The rest of the row before, which a skewed scan set on a line of its own level with it: a
 * harsh scan of draw 7025 read a loss run's first row as `22-93834- VB ... usp 9. Gif` and,
 * just under its end, `ee uso 23,176.69` (the row's incurred), which read as a totals line
 * ("ee" a caption in a column of figures) ended the table at its first row. Figures in columns
 * the row before left empty, with at most noise in others, on a line overlapping that row's.
 */
export function restOfRowBefore(
  row: TableRow,
  before: TableRow,
  line: TextLine,
  beforeLine: TextLine,
): boolean {
  const cells = [...row].filter(([, words]) => !isNoisePhrase(makeSegment(words)));
  return (
    cells.length > 0 &&
    cells.every(([column, words]) => !before.has(column) && amountsOnly(words)) &&
    verticalOverlapRatio(line.box, beforeLine.box) > 0
  );
}

/**
 * A piece of a row's figure the line grouper set on a line of its own, level with the rows
 * around it: a harsh scan of draw 7024 read a loss run's `USD13,018.18` as `usm 18` in its row
 * and `3,018.` a line apart, which ended the table after six of its thirty rows. Figures in one
 * column, which the row after fills (else they may be its own, valuesOfNextRow), overlapping the
 * row before or after in height: no row and no end of a table under way.
 */
export function strayFigurePiece(
  fragment: TableRow,
  text: string,
  next: TableRow | null,
  overlapsRowAround: boolean,
): boolean {
  const [column] = fragment.keys();
  return (
    fragment.size === 1 &&
    FIGURES_ONLY.test(text.trim()) &&
    overlapsRowAround &&
    (next?.has(column) ?? false) &&
    (next?.size ?? 0) >= MIN_COLUMNS
  );
}

/** Amounts, counts and dates, with their signs: no letter. */
const FIGURES_ONLY = /^[\d\s.,/$€£()+-]+$/u;

/** A cell's tail OCR set on a line of its own is this short (`7H` of `22-69346-7H`). */
const MAX_TAIL_CHARACTERS = 4;

/**
 * The tail of a cell of the row above, which a skewed scan set on a line of its own just under
 * it: a harsh scan of draw 7031 read a loss run's claim number `22-69346-` in its row and `7H` a
 * line lower, under the number's end, outside every column's caption; as no row it ended the
 * table at its 21st of 35 rows. A short piece without a space, not noise, within the width of one
 * cell of the row above: that cell's, in a table under way when a whole row follows (the table
 * detector asks).
 */
export function tailOfCellAbove(
  segments: readonly TextSegment[],
  above: TableRow | undefined,
): { cell: PositionedWord[]; words: readonly PositionedWord[] } | null {
  const [piece, ...more] = segments;
  const text = piece?.text.trim() ?? '';
  if (!piece || more.length > 0 || !above || /\s/.test(text) || text.length > MAX_TAIL_CHARACTERS) {
    return null;
  }
  // Noise under a cell (`ee` at 0.20) is no tail: on a form it closes a table of a few rows.
  if (isNoisePhrase(piece)) return null;
  const cells = [...above.values()].filter((cell) => {
    const box = unionBox(cell.map((w) => w.box));
    return box !== undefined && horizontalOverlap(box, piece.box) > 0;
  });
  return cells.length === 1 ? { cell: cells[0], words: piece.words } : null;
}
