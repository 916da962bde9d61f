import type { CornerBox } from '@docket/platform';

import { upperMedian } from '../common/upper-median';
import type { AnalysedPage } from '../layout/analysed-page';
import type { TableFieldDefinition } from '../schema/field-schema.types';
import { centreWithin, horizontalOverlap, intersectionArea } from '../text-layer/box-geometry';
import type { PositionedWord, TextLine } from '../text-layer/line-grouper';
import { identifierShape } from '../values/identifier-shape';
import { captionLetters } from './caption-letters';
import { type ColumnKind, printedKind } from './column-kind';

/*
 * What a reviewed table teaches its layout. The reviewer's rows give the table's row spacing (a
 * later reading that skips a row breaks it) and, when the review places each cell, every
 * configured column's place on the page and the header printed above it: a layout that heads
 * its reserve column "Claims Outstanding" is read under that header from then on, whatever the
 * configuration calls the column.
 */

/** Where a reviewer said a table's rows (and, when known, their cells) are. */
export interface ReviewedTable {
  readonly key: string;
  readonly rows: ReadonlyArray<{
    readonly pageNumber: number;
    readonly box: CornerBox;
    /** Each configured column's cell in the row, where the review knows it. */
    readonly cells?: ReadonlyArray<{ readonly column: string; readonly box: CornerBox }>;
  }>;
}

/** A configured column as the reviewed layout prints it. */
export interface RememberedColumn {
  readonly key: string;
  /** The header printed above the column's cells (one or two lines). */
  readonly header: string;
  /** The column's horizontal extent on the reviewed page (page widths). */
  readonly x0: number;
  readonly x1: number;
  /**
   * Rows of the reviewed table that print nothing in the column (a coverage with no
   * deductible): the layout leaves the column blank in such rows. Absent when none did.
   */
  readonly blankRows?: number;
  /**
   * What the reviewed cells print, when every one of them reads wholly as a date or an amount:
   * such a column may be read at its remembered place when no header names it. Absent for text
   * columns and in memories learned before.
   */
  readonly kind?: ColumnKind;
  /**
   * The shapes of the identifiers the reviewed cells print (text holding a digit, in a column
   * neither of dates nor of amounts; `99-99999-AA`), so a later document's cell OCR misread out
   * of the layout's shape is doubted even when no other row of it shares that shape. Absent
   * when the column prints none, and in memories learned before.
   */
  readonly shapes?: readonly string[];
}

/** How a layout's table is printed: its row spacing, and its columns when reviewed cell by cell. */
export interface RememberedTable {
  readonly key: string;
  /** Median distance from one row's top to the next one's (page heights); 0 when unknown. */
  readonly rowPitch: number;
  /** Median height of one row's box (page heights). */
  readonly rowHeight: number;
  /** Rows the reviewed table held. Absent in memories learned before columns were. */
  readonly rowCount?: number;
  /** Absent in memories learned before columns were, or from a review without cell places. */
  readonly columns?: readonly RememberedColumn[];
}

/** A header line sits at most this far (page heights) above the first row. */
const HEADER_REACH = 0.08;
/** A second header line above the first when the gap between them is under this many lines. */
const HEADER_LINE_GAP = 1;
/** A header word off every column is still its nearest column's within this (page widths). */
const HEADER_SLACK = 0.04;

/** Median top-to-top distance of rows on the same page; 0 when no page holds two rows. */
function rowPitchOf(table: ReviewedTable): number {
  const pitches: number[] = [];
  const pageNumbers = [...new Set(table.rows.map((r) => r.pageNumber))];
  for (const pageNumber of pageNumbers) {
    const tops = table.rows
      .filter((r) => r.pageNumber === pageNumber)
      .map((r) => r.box.y0)
      .sort((a, b) => a - b);
    for (let i = 1; i < tops.length; i += 1) pitches.push(tops[i] - tops[i - 1]);
  }
  return pitches.length === 0 ? 0 : upperMedian(pitches);
}

/** The one or two lines right above the table's first row: its header. */
function headerLines(page: AnalysedPage, firstRowTop: number): TextLine[] {
  const above = page.lines
    .filter((l) => l.box.y1 <= firstRowTop + 0.002 && l.box.y0 >= firstRowTop - HEADER_REACH)
    .sort((a, b) => b.box.y1 - a.box.y1);
  const [nearest, next] = above;
  if (!nearest) return [];
  const height = nearest.box.y1 - nearest.box.y0;
  return next && nearest.box.y0 - next.box.y1 < HEADER_LINE_GAP * height
    ? [next, nearest]
    : [nearest];
}

/** The column a header word stands over: the one it overlaps most, else the nearest close one. */
function columnOf(
  word: PositionedWord,
  extents: ReadonlyArray<{ key: string; x0: number; x1: number }>,
): string | null {
  let best: string | null = null;
  let bestScore = -HEADER_SLACK;
  for (const extent of extents) {
    const box = { x0: extent.x0, x1: extent.x1, y0: 0, y1: 0 };
    const overlap = horizontalOverlap(box, word.box);
    const score =
      overlap > 0
        ? overlap
        : -Math.min(Math.abs(word.box.x0 - extent.x1), Math.abs(extent.x0 - word.box.x1));
    if (score > bestScore) {
      best = extent.key;
      bestScore = score;
    }
  }
  return best;
}

/** Each reviewed column's extent on the first row's page and the header words above it. */
function rememberColumns(pages: readonly AnalysedPage[], table: ReviewedTable): RememberedColumn[] {
  const first = [...table.rows].sort(
    (a, b) => a.pageNumber - b.pageNumber || a.box.y0 - b.box.y0,
  )[0];
  const page = first && pages.find((p) => p.page.pageNumber === first.pageNumber);
  if (!page) return [];
  const cells = table.rows
    .filter((row) => row.pageNumber === first.pageNumber)
    .flatMap((row) => row.cells ?? []);
  const keys = [...new Set(cells.map((cell) => cell.column))];
  const extents = keys.map((key) => {
    const boxes = cells.filter((cell) => cell.column === key).map((cell) => cell.box);
    return {
      key,
      x0: Math.min(...boxes.map((b) => b.x0)),
      x1: Math.max(...boxes.map((b) => b.x1)),
    };
  });
  const header = new Map<string, string[]>();
  for (const line of headerLines(page, first.box.y0))
    for (const word of line.words) {
      const key = columnOf(word, extents);
      if (key) header.set(key, [...(header.get(key) ?? []), word.text]);
    }
  const rows = table.rows.filter((row) => row.pageNumber === first.pageNumber);
  return extents.flatMap((extent) => {
    const words = header.get(extent.key);
    const blankRows = rows.filter((row) => blankIn(page, row, extent)).length;
    const texts = cells
      .filter((cell) => cell.column === extent.key)
      .map((cell) => textIn(page, cell.box));
    const kind = printedKind(texts);
    const shapes = kind ? [] : identifierShapes(texts);
    return words
      ? [
          {
            ...extent,
            header: words.join(' '),
            ...(blankRows > 0 ? { blankRows } : {}),
            ...(kind ? { kind } : {}),
            ...(shapes.length > 0 ? { shapes } : {}),
          },
        ]
      : [];
  });
}

/** Reviewed cells that must print a shape for the layout to print it. */
const SHAPE_WITNESSES = 2;

/**
 * The shapes of a column's identifiers (texts holding a digit) that several of its reviewed
 * cells print: one cell's shape alone may be OCR's slip on the teaching scan itself (draw
 * 7022's `24-28154-KQ` read with a bracket for its last letter).
 */
function identifierShapes(texts: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const text of texts.map((t) => t.trim()).filter((t) => /\d/.test(t))) {
    const shape = identifierShape(text);
    counts.set(shape, (counts.get(shape) ?? 0) + 1);
  }
  return [...counts]
    .filter(([, count]) => count >= SHAPE_WITNESSES)
    .map(([shape]) => shape)
    .sort();
}

/** The words of a page whose centre lies in a reviewed cell's box, in reading order. */
function textIn(page: AnalysedPage, box: CornerBox): string {
  return page.lines
    .flatMap((line) => line.words)
    .filter((w) => centreWithin(w.box, box))
    .map((w) => w.text)
    .join(' ');
}

/**
 * Whether a reviewed row prints nothing in a column: the review placed other cells of the row
 * and none of this column, and no word of the page stands in the column's extent on the row's
 * line (a cell the review could not place, though printed, is not taken for a blank).
 */
function blankIn(
  page: AnalysedPage,
  row: ReviewedTable['rows'][number],
  extent: { key: string; x0: number; x1: number },
): boolean {
  if (!row.cells || row.cells.length === 0 || row.cells.some((c) => c.column === extent.key))
    return false;
  const place = { x0: extent.x0, x1: extent.x1, y0: row.box.y0, y1: row.box.y1 };
  return !page.lines.some((line) => line.words.some((w) => intersectionArea(w.box, place) > 0));
}

/** What one reviewed table teaches: null when it held no row. */
export function learnTable(
  pages: readonly AnalysedPage[],
  table: ReviewedTable,
): RememberedTable | null {
  if (table.rows.length === 0) return null;
  const columns = rememberColumns(pages, table);
  return {
    key: table.key,
    rowPitch: rowPitchOf(table),
    rowHeight: upperMedian(table.rows.map((r) => r.box.y1 - r.box.y0)),
    rowCount: table.rows.length,
    ...(columns.length === 0 ? {} : { columns }),
  };
}

/**
 * The table field as the remembered layout prints it: each column also answers to the header
 * the reviewed table printed over it, so the ordinary header reading finds it.
 */
export function withRememberedHeaders(
  field: TableFieldDefinition,
  remembered: RememberedTable,
): TableFieldDefinition {
  const headers = new Map((remembered.columns ?? []).map((c) => [c.key, c.header]));
  return {
    ...field,
    columns: field.columns.map((column) => {
      const header = headers.get(column.key);
      const named = [column.label ?? '', ...(column.synonyms ?? [])].map(captionLetters);
      if (!header || named.includes(captionLetters(header))) return column;
      return { ...column, synonyms: [header, ...(column.synonyms ?? [])] };
    }),
  };
}

/** A cell stands in its remembered column within this (page widths) of the column's extent. */
const COLUMN_SLACK = 0.03;

/**
 * Whether a table reading puts every column the review placed where the review placed it: a
 * reading by meaning that the reviewed layout confirms is no guess.
 */
export function followsRememberedColumns(
  rows: ReadonlyArray<{
    readonly cells: Readonly<
      Record<string, { readonly grounding?: { readonly box: CornerBox } } | undefined>
    >;
  }>,
  remembered: RememberedTable,
): boolean {
  const columns = remembered.columns ?? [];
  if (columns.length === 0 || rows.length === 0) return false;
  return columns.every((column) =>
    rows.every((row) => {
      const box = row.cells[column.key]?.grounding?.box;
      if (!box) return true;
      const centre = (box.x0 + box.x1) / 2;
      return centre >= column.x0 - COLUMN_SLACK && centre <= column.x1 + COLUMN_SLACK;
    }),
  );
}
