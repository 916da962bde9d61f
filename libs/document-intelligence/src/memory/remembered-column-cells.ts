import type { CornerBox } from '@docket/platform';

import type { AnalysedPage } from '../layout/analysed-page';
import type {
  ExtractedCell,
  ExtractedField,
  ExtractedRow,
  TableRowValue,
} from '../schema/extraction-result.types';
import { boxCentreX, boxCentreY, intersectionArea, unionBox } from '../text-layer/box-geometry';
import type { PositionedWord } from '../text-layer/line-grouper';
import { groundingOf, joinWords, meanConfidence, wordsInSpan } from '../values/word-span';
import { parseWholly } from './column-kind';
import {
  followsRememberedColumns,
  type RememberedColumn,
  type RememberedTable,
} from './table-memory';

/*
 * A column a reviewed table taught, read at its remembered place when the reading under the
 * headers lost it whole. Headers printed tight run into each other (`O/S Reserve` touching
 * `Incurred Amount`, a staggered two-line `INCURRED / OUTSTANDING / AMOUNT`): the line grouper
 * then sets one header apart or the header cell spans two columns, and the column comes back
 * empty in every row though the review placed every one of its cells (draws 7009 and 7010, loss
 * runs). When every other remembered column's cells stand where the review had them, the layout
 * is the reviewed one; the lost column's cells are then the words at its remembered extent on
 * each row's line, kept only when every row reads wholly as the kind the reviewed cells printed
 * (a date, an amount).
 */

/** A word belongs to a column when its centre is this close to the column's extent (page widths). */
const COLUMN_SLACK = 0.03;

/** Said of a table whose columns lost by the header reading were read at their remembered place. */
export const REMEMBERED_COLUMNS_NOTE =
  'columns lost under the headers read where the reviewed table of this layout printed them';

/** The table doubt for configured columns read empty in every row. */
const EMPTY_COLUMNS_DOUBT = /^columns? (.+) empty in every row$/;
/** The table doubt for a totals line its rows do not add up to. */
const TOTALS_DOUBT = /^totals line ".*" prints (-?\d+(?:\.\d+)?) but the rows' /;
/** Sums agree to the cent (with room for floating-point addition). */
const SUM_TOLERANCE = 0.011;

/** The box and page of a row: its own grounding, else its cells'. */
export function rowPlace(row: ExtractedRow): { page: number; box: CornerBox } | null {
  if (row.grounding) return { page: row.grounding.page, box: row.grounding.box };
  const groundings = Object.values(row.cells).flatMap((c) => (c.grounding ? [c.grounding] : []));
  const box = unionBox(groundings.map((g) => g.box));
  return box && groundings.length > 0 ? { page: groundings[0].page, box } : null;
}

/** The words at a column's remembered extent on a row's line, none of another cell's. */
function wordsAt(
  page: AnalysedPage,
  row: ExtractedRow,
  rowBox: CornerBox,
  column: RememberedColumn,
): PositionedWord[] {
  const taken = Object.values(row.cells).flatMap((c) => (c.grounding ? [c.grounding.box] : []));
  return page.lines
    .flatMap((line) => line.words)
    .filter((w) => {
      const [x, y] = [boxCentreX(w.box), boxCentreY(w.box)];
      return (
        y >= rowBox.y0 &&
        y <= rowBox.y1 &&
        x >= column.x0 - COLUMN_SLACK &&
        x <= column.x1 + COLUMN_SLACK &&
        !taken.some((box) => intersectionArea(box, w.box) > 0)
      );
    })
    .sort((a, b) => a.box.x0 - b.box.x0);
}

/** A column's cell in one row, read at its remembered place; null when it does not read wholly. */
function cellAt(
  pages: readonly AnalysedPage[],
  row: ExtractedRow,
  column: RememberedColumn,
  documentId: string | undefined,
): ExtractedCell | null {
  const place = rowPlace(row);
  const page = place && pages.find((p) => p.page.pageNumber === place.page);
  if (!place || !page || !column.kind) return null;
  const words = wordsAt(page, row, place.box, column);
  const text = joinWords(words);
  const parsed = words.length > 0 ? parseWholly(text, column.kind) : null;
  if (!parsed) return null;
  const valueWords = wordsInSpan(words, parsed.start, parsed.end);
  return {
    value: parsed.value,
    text,
    confidence: parsed.quality * meanConfidence(valueWords),
    grounding: groundingOf(valueWords, documentId),
  };
}

function amountOf(cell: ExtractedCell | undefined): number {
  const value = cell?.value;
  if (typeof value === 'number') return value;
  return value !== null && typeof value === 'object' && 'amount' in value ? value.amount : 0;
}

/**
 * The table's doubts once columns were read at their place: they are no longer empty in every
 * row, and a totals line whose amount is, to the cent, what a column read here adds up to is
 * that column's total (the check ran while the column was empty and took another).
 */
function doubtsAfter(
  doubts: readonly string[],
  filled: readonly string[],
  rows: readonly ExtractedRow[],
): string[] {
  const sums = filled.map((key) => rows.reduce((sum, row) => sum + amountOf(row.cells[key]), 0));
  return doubts.flatMap((doubt) => {
    const empty = EMPTY_COLUMNS_DOUBT.exec(doubt);
    if (empty) {
      const left = empty[1].split(', ').filter((key) => !filled.includes(key));
      if (left.length === 0) return [];
      return [`column${left.length > 1 ? 's' : ''} ${left.join(', ')} empty in every row`];
    }
    const total = TOTALS_DOUBT.exec(doubt);
    if (total && sums.some((sum) => Math.abs(sum - Number(total[1])) <= SUM_TOLERANCE)) return [];
    return [doubt];
  });
}

/** One table reading with the columns it lost read at their remembered place, or null. */
export function withRememberedColumns(
  table: ExtractedField,
  remembered: RememberedTable,
  pages: readonly AnalysedPage[],
): ExtractedField | null {
  const rows = table.rows ?? [];
  if (table.type !== 'table' || rows.length === 0) return null;
  // The columns read stand where the review had them: the page is the reviewed layout.
  if (!followsRememberedColumns(rows, remembered)) return null;
  const lost = (remembered.columns ?? []).filter(
    (column) =>
      column.kind !== undefined &&
      rows.every((row) => (row.cells[column.key]?.value ?? null) === null),
  );
  let read = [...rows];
  const filled: string[] = [];
  for (const column of lost) {
    const cells = read.map((row) => cellAt(pages, row, column, table.documentId));
    if (cells.some((cell) => cell === null)) continue;
    read = read.map((row, i) => ({ ...row, cells: { ...row.cells, [column.key]: cells[i]! } }));
    filled.push(column.key);
  }
  if (filled.length === 0) return null;
  const before = Array.isArray(table.value) ? (table.value as readonly TableRowValue[]) : [];
  const value = read.map((row, i) => ({
    ...before[i],
    ...Object.fromEntries(filled.map((key) => [key, row.cells[key].value])),
  }));
  return {
    ...table,
    value,
    rows: read,
    notes: [...table.notes, REMEMBERED_COLUMNS_NOTE],
    ...(table.doubts ? { doubts: doubtsAfter(table.doubts, filled, read) } : {}),
  };
}
