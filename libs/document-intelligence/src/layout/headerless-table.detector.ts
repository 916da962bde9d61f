import { boxHeight, horizontalOverlap, unionBox } from '../text-layer/box-geometry';
import type { PositionedWord, TextLine, TextSegment } from '../text-layer/line-grouper';
import type { LayoutCell, LayoutTable } from './layout.types';
import { hasValueSignal, layoutText, looksLikeLabelText } from './layout-text';
import { TOTALS } from './table-totals';

/*
 * Tables whose header row was not read (a shaded header band on a harsh scan comes back from
 * OCR as nothing at all): several consecutive lines whose phrases stand in the same columns,
 * with figures (amounts, counts, dates) repeating down at least two of them. Such a table has
 * no header cells (headerRows 0); which configured column each of its columns is can only be
 * guessed from what its cells hold, and the table matcher flags it so.
 */

/** A row further below the previous one than this many line heights starts something else. */
const MAX_ROW_GAP = 2.2;
/** Lines without a figure a run of rows may hold in a row (a description split off its row). */
const MAX_TEXT_LINES_IN_A_ROW = 1;
const MIN_ROWS = 3;
/** Columns of figures a run needs; one column of figures is a list of captioned values. */
const MIN_VALUE_COLUMNS = 2;
/** A column stands in at least this share of the rows; fewer is noise that lined up by chance. */
const MIN_COLUMN_SUPPORT = 0.5;
/** A column of figures holds one in at least this share of the rows it stands in. */
const MIN_VALUE_SHARE = 0.6;
/** A totals word anywhere in a row ends the table ("GOODS TOTAL", "Sum Paid"). */
const TOTAL_WORD = /\b(?:sub[\s-]?total|total|totals|sum|balance)\b/i;

interface Column {
  x0: number;
  x1: number;
  rows: Set<number>;
  values: number;
}

/** A line of figures: two phrases or more, one of them a figure, none a totals caption. */
function figureLine(phrases: readonly TextSegment[]): boolean {
  return (
    phrases.length >= 2 &&
    phrases.some((p) => hasValueSignal(p.text)) &&
    !TOTALS.test(phrases[0].text.trim()) &&
    !phrases.some((p) => p.text.trim().endsWith(':'))
  );
}

/** OCR words read with less confidence than this may be noise rather than print. */
const UNSURE_OCR = 0.6;

/**
 * A caption row ("Service  Qty  Cost  Total"): where one table's rows end and another's begin.
 * A phrase OCR was unsure of throughout ("SHAT" beside a description) makes no caption row.
 */
function captionLine(phrases: readonly TextSegment[]): boolean {
  const printed = phrases.filter((p) => p.words.some((w) => w.confidence >= UNSURE_OCR));
  return printed.length >= 2 && printed.every((p) => looksLikeLabelText(p.text));
}

/**
 * Runs of line indexes that may be a table's rows: lines of figures one close under the other,
 * with at most one line of text between two of them.
 */
function candidateRuns(
  lines: readonly TextLine[],
  phrasesOf: (index: number) => TextSegment[],
  skip: ReadonlySet<number>,
): number[][] {
  const runs: number[][] = [];
  let run: number[] = [];
  let textLines = 0;
  const finish = (): void => {
    // A trailing line of text belongs to what follows the table.
    while (run.length > 0 && !figureLine(phrasesOf(run[run.length - 1]))) run.pop();
    if (run.length > 0) runs.push(run);
    run = [];
    textLines = 0;
  };
  for (let i = 0; i < lines.length; i += 1) {
    const phrases = phrasesOf(i);
    const previous = run[run.length - 1];
    const near =
      previous !== undefined &&
      lines[i].pageNumber === lines[previous].pageNumber &&
      lines[i].box.y0 - lines[previous].box.y1 <= boxHeight(lines[previous].box) * MAX_ROW_GAP;
    // A line of noise alone (a speck, a ruling read as letters) neither ends nor joins rows.
    if (phrases.length === 0) continue;
    if (skip.has(i)) {
      finish();
      continue;
    }
    if (previous !== undefined && !near) finish();
    if (figureLine(phrases)) {
      run.push(i);
      textLines = 0;
    } else if (run.length > 0 && textLines < MAX_TEXT_LINES_IN_A_ROW && !captionLine(phrases)) {
      run.push(i);
      textLines += 1;
    } else {
      finish();
    }
  }
  finish();
  return runs;
}

/**
 * The columns of a run: phrases whose extents overlap from row to row stand in one column.
 * Narrow phrases set the columns first, so that a wide phrase OCR read across two of them
 * (noise between cells, a figure run into its neighbour) joins neither rather than merging
 * them. Columns few rows use (noise lined up by chance) are dropped.
 */
function runColumns(run: readonly number[], phrasesOf: (index: number) => TextSegment[]): Column[] {
  const columns: Column[] = [];
  const phrases = run
    .flatMap((lineIndex, row) => phrasesOf(lineIndex).map((phrase) => ({ phrase, row })))
    .sort((a, b) => a.phrase.box.x1 - a.phrase.box.x0 - (b.phrase.box.x1 - b.phrase.box.x0));
  for (const { phrase, row } of phrases) {
    const touching = columns.filter(
      (c) => horizontalOverlap({ ...phrase.box, x0: c.x0, x1: c.x1 }, phrase.box) > 0,
    );
    const value = hasValueSignal(phrase.text) ? 1 : 0;
    if (touching.length === 0) {
      columns.push({ x0: phrase.box.x0, x1: phrase.box.x1, rows: new Set([row]), values: value });
      continue;
    }
    if (touching.length > 1 && !oneColumnSplit([...touching], row)) continue;
    const [column, ...split] = touching;
    for (const part of split) {
      column.x0 = Math.min(column.x0, part.x0);
      column.x1 = Math.max(column.x1, part.x1);
      part.rows.forEach((r) => column.rows.add(r));
      column.values += part.values;
      columns.splice(columns.indexOf(part), 1);
    }
    column.x0 = Math.min(column.x0, phrase.box.x0);
    column.x1 = Math.max(column.x1, phrase.box.x1);
    column.rows.add(row);
    column.values += value;
  }
  const figureLines = run.filter((lineIndex) => figureLine(phrasesOf(lineIndex))).length;
  return joinSplitColumns(columns.sort((a, b) => a.x0 - b.x0)).filter(
    (c) => c.rows.size >= Math.max(2, figureLines * MIN_COLUMN_SUPPORT),
  );
}

/**
 * Columns a phrase spans that no row holds two of, the phrase's row included: one column whose
 * cells the skew set a little apart, not two columns a wide phrase was read across.
 */
function oneColumnSplit(columns: readonly Column[], row: number): boolean {
  const seen = new Set<number>([row]);
  for (const column of columns) {
    for (const r of column.rows) {
      if (seen.has(r)) return false;
      seen.add(r);
    }
  }
  return true;
}

/** Columns this close (page widths) that never share a row are one column read unevenly. */
const SPLIT_COLUMN_GAP = 0.015;

/**
 * Neighbouring columns no row holds both of, side by side: one column whose cells the skew or
 * their lengths set a little apart ("1" and "95" of a centred count).
 */
function joinSplitColumns(columns: readonly Column[]): Column[] {
  const joined: Column[] = [];
  for (const column of columns) {
    const last = joined[joined.length - 1];
    if (
      last &&
      column.x0 - last.x1 <= SPLIT_COLUMN_GAP &&
      ![...column.rows].some((row) => last.rows.has(row))
    ) {
      last.x1 = Math.max(last.x1, column.x1);
      column.rows.forEach((row) => last.rows.add(row));
      last.values += column.values;
    } else joined.push({ ...column, rows: new Set(column.rows) });
  }
  return joined;
}

/** The column a phrase stands in: most shared width, else none. */
function columnOf(phrase: TextSegment, columns: readonly Column[]): number {
  let best = -1;
  let bestOverlap = 0;
  columns.forEach((column, index) => {
    const overlap = horizontalOverlap(phrase.box, { ...phrase.box, x0: column.x0, x1: column.x1 });
    if (overlap > bestOverlap) {
      bestOverlap = overlap;
      best = index;
    }
  });
  return best;
}

type Row = Map<number, PositionedWord[]>;

/**
 * The rows of a run by column. A line of text alone is the part of a row the skew split off:
 * it joins the row below when that row lacks those cells, else the row above.
 */
function runRows(
  run: readonly number[],
  columns: readonly Column[],
  phrasesOf: (index: number) => TextSegment[],
): Row[] {
  const cellsOf = (lineIndex: number): Row => {
    const row: Row = new Map();
    for (const phrase of phrasesOf(lineIndex)) {
      const column = columnOf(phrase, columns);
      if (column >= 0) row.set(column, [...(row.get(column) ?? []), ...phrase.words]);
    }
    return row;
  };
  const rows: Row[] = [];
  let pending: Row | null = null;
  for (const lineIndex of run) {
    const row = cellsOf(lineIndex);
    if (row.size === 0) continue;
    if (!figureLine(phrasesOf(lineIndex))) {
      pending = row;
      continue;
    }
    if (pending) {
      const split = pending;
      if ([...split.keys()].every((column) => !row.has(column))) {
        split.forEach((words, column) => row.set(column, words));
      } else if (rows.length > 0) {
        const above = rows[rows.length - 1];
        split.forEach((words, column) =>
          above.set(column, [...(above.get(column) ?? []), ...words]),
        );
      }
      pending = null;
    }
    rows.push(row);
  }
  return rows;
}

/**
 * The rows up to the first summary line ("PARTS & LABOR  $15,406.83", "Goods Total  29,400.22
 * USD"): a totals word anywhere, or nothing in the first column and a caption standing in a
 * column of figures. What follows is left to the key-value pairs.
 */
function untilSummary(rows: readonly Row[], columns: readonly Column[]): Row[] {
  const figures = (column: number): boolean =>
    columns[column].values >= columns[column].rows.size * MIN_VALUE_SHARE;
  const end = rows.findIndex((row) =>
    [...row].some(([column, words]) => {
      const text = layoutText(words).text;
      return (
        TOTAL_WORD.test(text) ||
        (!row.has(0) && column > 0 && figures(column) && looksLikeLabelText(text))
      );
    }),
  );
  return end < 0 ? [...rows] : rows.slice(0, end);
}

function tableOf(rows: readonly Row[], columnCount: number): LayoutTable {
  const cells: LayoutCell[] = rows.flatMap((row, rowIndex) =>
    [...row]
      .sort(([a], [b]) => a - b)
      .map(([columnIndex, words]) => ({
        ...layoutText(words),
        rowIndex,
        columnIndex,
        rowSpan: 1,
        columnSpan: 1,
        isHeader: false,
      })),
  );
  return {
    box: unionBox(cells.map((c) => c.box))!,
    rows: rows.length,
    columns: columnCount,
    headerRows: 0,
    cells,
  };
}

/**
 * Tables without a header row among the lines no other table or form band took (`skip`): runs
 * of at least three rows in the same columns, two columns or more of them holding figures.
 * `phrasesOf` gives a line's phrases without OCR noise.
 */
export function detectHeaderlessTables(
  lines: readonly TextLine[],
  phrasesOf: (index: number) => TextSegment[],
  skip: ReadonlySet<number>,
): LayoutTable[] {
  const tables: LayoutTable[] = [];
  for (const run of candidateRuns(lines, phrasesOf, skip)) {
    if (run.length < MIN_ROWS) continue;
    const columns = runColumns(run, phrasesOf);
    const valueColumns = columns.filter((c) => c.values >= c.rows.size * MIN_VALUE_SHARE);
    if (columns.length < 2 || valueColumns.length < MIN_VALUE_COLUMNS) continue;
    const rows = untilSummary(
      runRows(run, columns, phrasesOf).filter((row) =>
        [...row.values()].some((words) => hasValueSignal(layoutText(words).text)),
      ),
      columns,
    );
    const fullRows = rows.filter(
      (row) =>
        [...row.values()].filter((words) => hasValueSignal(layoutText(words).text)).length >= 2,
    );
    if (fullRows.length < MIN_ROWS) continue;
    tables.push(tableOf(rows, columns.length));
  }
  return tables;
}
