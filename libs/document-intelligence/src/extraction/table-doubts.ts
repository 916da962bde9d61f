import type { CornerBox } from '@docket/platform';

import { rowPlace } from '../memory/remembered-column-cells';
import type { RememberedTable } from '../memory/table-memory';
import type {
  ExtractedField,
  ExtractedRow,
  MoneyValue,
  ScalarValue,
} from '../schema/extraction-result.types';
import type {
  ScalarFieldDefinition,
  TableColumnDefinition,
  TableFieldDefinition,
} from '../schema/field-schema.types';
import {
  boxCentreX,
  boxCentreY,
  centreWithin,
  horizontalOverlap,
  unionBox,
} from '../text-layer/box-geometry';
import { type PositionedWord, splitSegments, type TextLine } from '../text-layer/line-grouper';
import { misreadWordDoubts } from '../values/garbled-word';
import { characterClass, identifierShape } from '../values/identifier-shape';
import { parseMoney } from '../values/money-normaliser';
import { captionTerms, fieldPhrases } from '../vocabulary/label-vocabulary';
import { wholly } from './value-kinds';

/*
 * Why the engine doubts a table it read. A table is many values at once: a column lost whole,
 * cells it could not parse, or rows that do not add up to the total the page prints are each
 * a reason to show the table to a reviewer, however sure its header match was. Each reason
 * names what is wrong, so the reviewer knows where to look.
 */

/**
 * What a table reading from a table found without a header row says of itself: its columns
 * were matched to the schema's by the kinds of their values and their order alone.
 */
export const HEADERLESS_READING = 'columns matched by their values, no header read';

/** Words saying a caption prints a sum of the column above it. */
const TOTAL_WORDS: ReadonlySet<string> = new Set(['total', 'totals', 'subtotal', 'sum']);
/** Words of a totals caption that name no column ("Total Amount" names no narrower column). */
const GENERIC_WORDS: ReadonlySet<string> = new Set([...TOTAL_WORDS, 'amount', 'grand', 'sub']);
/** Lines below the last row searched for its totals line. */
const TOTALS_SEARCH_LINES = 3;
/** Sums agree to the cent (with room for floating-point addition of many cells). */
const SUM_TOLERANCE = 0.011;
/** A printed total this close to a column's right or left edge stands under that column. */
const EDGE_TOLERANCE = 0.02;

function amountOf(value: ScalarValue | null | undefined): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'object' && value !== null && 'amount' in value)
    return (value as MoneyValue).amount;
  return null;
}

/** What a column's rows add up to (cells that hold no amount count as nothing). */
function columnSum(rows: readonly ExtractedRow[], key: string): number {
  return rows.reduce((sum, row) => sum + (amountOf(row.cells[key]?.value) ?? 0), 0);
}

function isNumeric(column: TableColumnDefinition): boolean {
  return column.type === 'money' || column.type === 'number';
}

/** Configured columns that hold no value in any row: a column lost whole (header not matched). */
export function emptyColumns(
  field: TableFieldDefinition,
  rows: readonly ExtractedRow[],
): TableColumnDefinition[] {
  if (rows.length === 0) return [];
  return field.columns.filter((column) =>
    rows.every((row) => {
      const cell = row.cells[column.key];
      return !cell || cell.value === null;
    }),
  );
}

/** Per column, the rows (1-based) holding printed text that did not read as the column's type. */
export function unreadableCells(
  field: TableFieldDefinition,
  rows: readonly ExtractedRow[],
): Map<string, number[]> {
  const unreadable = new Map<string, number[]>();
  rows.forEach((row, index) => {
    for (const column of field.columns) {
      const cell = row.cells[column.key];
      if (!cell || cell.value !== null || cell.text.trim().length === 0) continue;
      unreadable.set(column.key, [...(unreadable.get(column.key) ?? []), index + 1]);
    }
  });
  return unreadable;
}

/** Characters OCR takes for one another across classes: a digit for a letter, a case for another. */
const CONFUSABLE = new Set([...'0OoDQ1Il|5Ss8B2Z6G']);

/** Share of places where the others of a length agree on a class, for them to make a form. */
const FORMED_SHARE = 0.9;

/**
 * Whether OCR likely misread an identifier that other cells of its column print in one form:
 * at some place where every other cell of its form has one class of character, it has a
 * confusable one of another class ("22/01712/0L" among "23/29567/YW" and "24/35790/UT"); or
 * without one confusable character it has the shape of another cell ("22/53879/ClI").
 */
function misreadIdentifier(value: string, others: readonly string[]): boolean {
  const chars = [...value];
  const alike = others.filter((o) => o.length === value.length);
  // One class per place across the others of its length: a form, not a free mix (VINs).
  const agreed = chars.map((_, i) => {
    const classes = new Set(alike.map((o) => characterClass(o[i])));
    return classes.size === 1 ? [...classes][0] : null;
  });
  const formed =
    alike.length > 0 && agreed.filter((c) => c !== null).length >= FORMED_SHARE * chars.length;
  if (
    formed &&
    chars.some(
      (char, i) => CONFUSABLE.has(char) && agreed[i] !== null && agreed[i] !== characterClass(char),
    )
  )
    return true;
  const shapes = new Set(others.map(identifierShape));
  return chars.some(
    (char, i) =>
      CONFUSABLE.has(char) && shapes.has(identifierShape(value.slice(0, i) + value.slice(i + 1))),
  );
}

/**
 * Per text column of an OCR-read table, the rows (1-based) whose identifier looks misread next
 * to the column's others, however sure OCR was of it. Only cells holding a digit are
 * identifiers; names and descriptions vary in form.
 */
export function oddlyShapedCells(
  field: TableFieldDefinition,
  rows: readonly ExtractedRow[],
  remembered?: RememberedTable,
): Map<string, number[]> {
  const odd = new Map<string, number[]>();
  for (const column of field.columns) {
    if (column.type !== 'string') continue;
    // The identifiers a reviewed document of the layout printed in the column: a row whose
    // form no other row of this document shares is still held to the layout's (a loss run's one
    // `24-79813-0T` among `CLM-2023-...` numbers, where the reviewed run printed `23-36973-ZJ`).
    const taught = remembered?.columns?.find((c) => c.key === column.key)?.shapes ?? [];
    const cells = rows.flatMap((row, index) => {
      const value = row.cells[column.key]?.value;
      return typeof value === 'string' && /\d/.test(value)
        ? [{ row: index + 1, value: value.trim() }]
        : [];
    });
    const misread = cells.filter((cell) =>
      misreadIdentifier(cell.value, [
        ...cells.filter((c) => c !== cell).map((c) => c.value),
        ...taught,
      ]),
    );
    if (misread.length > 0)
      odd.set(
        column.key,
        misread.map((cell) => cell.row),
      );
  }
  return odd;
}

/** A numeric column shows a form when at least this many other rows print it. */
const FORM_WITNESSES = 2;

/** The digits a printed number carries after its decimal separator ("3.5" → 1, "1,200" → 0). */
function decimalsOf(text: string): number {
  return /[.,](\d{1,2})\D*$/.exec(text.trim())?.[1].length ?? 0;
}

/** The digits a printed number carries before its decimal separator ("$1,200.00" → 4). */
function wholeDigitsOf(text: string): number {
  const whole = text.trim().replace(/[.,]\d{1,2}\D*$/, '');
  return (whole.match(/\d/g) ?? []).length;
}

/**
 * Why a numeric cell of an OCR-read table looks misread next to the other rows of its column,
 * or null: no decimals where every other row prints them (`5` for 3.5), a lone digit where
 * every other row prints more (a speck or a lost digit; a zero with decimals is a value), or
 * nothing where every other row
 * holds a value (a quantity OCR lost). A misread digit keeps OCR sure of itself; the column's
 * form is what gives it away.
 */
function numericFormDoubt(
  cell: { readonly value: ScalarValue | null; readonly text: string } | undefined,
  others: ReadonlyArray<{ readonly value: ScalarValue | null; readonly text: string } | undefined>,
): string | null {
  const filled = others.flatMap((o) => (o && amountOf(o.value) !== null ? [o.text] : []));
  if (filled.length < FORM_WITNESSES) return null;
  if (!cell || cell.value === null)
    return !cell || cell.text.trim().length === 0
      ? filled.length === others.length
        ? 'empty where every other row has a value'
        : null
      : null;
  if (decimalsOf(cell.text) === 0 && filled.every((t) => decimalsOf(t) > 0))
    return 'no decimals where every other row prints them';
  // A zero printed with the column's decimals ("$0.00" of a closed claim's reserve) is a
  // value of its own, not a figure that lost digits.
  const zero = amountOf(cell.value) === 0 && decimalsOf(cell.text) > 0;
  if (!zero && wholeDigitsOf(cell.text) === 1 && filled.every((t) => wholeDigitsOf(t) > 1))
    return 'one digit where every other row prints more';
  return null;
}

/**
 * Per numeric column of an OCR-read table, the rows (1-based) whose cell disagrees with the
 * column's form, and how.
 */
export function oddlyFormedNumbers(
  field: TableFieldDefinition,
  rows: readonly ExtractedRow[],
): Map<string, Array<{ row: number; why: string }>> {
  const odd = new Map<string, Array<{ row: number; why: string }>>();
  for (const column of field.columns.filter(isNumeric)) {
    const cells = rows.map((row) => row.cells[column.key]);
    const found = cells.flatMap((cell, index) => {
      const why = numericFormDoubt(
        cell,
        cells.filter((_, other) => other !== index),
      );
      return why ? [{ row: index + 1, why }] : [];
    });
    if (found.length > 0) odd.set(column.key, found);
  }
  return odd;
}

/**
 * Per column not numeric (dates, names, codes) of an OCR-read table, the rows (1-based) whose
 * cell is empty where every other row of the column holds a value: OCR may have lost it, as it
 * loses a figure (a loss run's date of loss read as nothing on a scan let the run go through).
 */
export function emptyAmongFilled(
  field: TableFieldDefinition,
  rows: readonly ExtractedRow[],
): Map<string, number[]> {
  const empty = new Map<string, number[]>();
  for (const column of field.columns.filter((c) => !isNumeric(c))) {
    const cells = rows.map((row) => row.cells[column.key]);
    const blank = (cell: (typeof cells)[number]) =>
      !cell || (cell.value === null && cell.text.trim().length === 0);
    const filled = cells.filter((cell) => !blank(cell));
    if (filled.length < FORM_WITNESSES || filled.length !== cells.length - 1) continue;
    const row = cells.findIndex(blank);
    empty.set(column.key, [row + 1]);
  }
  return empty;
}

interface PrintedTotal {
  readonly caption: string;
  readonly amount: number;
  readonly box: CornerBox;
}

/** The amounts of one line and the caption before the first of them. */
function lineAmounts(line: TextLine): { caption: string; amounts: PrintedTotal[] } {
  const segments = splitSegments(line, 0.7);
  const captionParts: string[] = [];
  const amounts: PrintedTotal[] = [];
  for (const segment of segments) {
    const parsed = parseMoney(segment.text);
    if (parsed && parsed.quality >= 1 && wholly(segment.text, parsed)) {
      amounts.push({ caption: '', amount: parsed.value.amount, box: segment.box });
    } else if (amounts.length === 0) {
      captionParts.push(segment.text);
    }
  }
  const caption = captionParts.join(' ');
  return { caption, amounts: amounts.map((a) => ({ ...a, caption })) };
}

function isTotalCaption(caption: string): boolean {
  return captionTerms(caption).some((t) => TOTAL_WORDS.has(t.text));
}

/**
 * The lines printed right under the table's last row that state its totals: caption lines
 * with a total word ("Subtotal", "Totals", "Paid Total"), read until the first line with an
 * amount that is not one ("Tax": what follows it is no longer a sum of the rows).
 */
function totalsLines(lines: readonly TextLine[], lastRow: ExtractedRow): PrintedTotal[] {
  const grounding = lastRow.grounding;
  if (!grounding) return [];
  const below = lines.filter(
    (l) => l.pageNumber === grounding.page && l.box.y0 >= grounding.box.y1 - 0.002,
  );
  const totals: PrintedTotal[] = [];
  for (const line of below.slice(0, TOTALS_SEARCH_LINES)) {
    const { caption, amounts } = lineAmounts(line);
    if (amounts.length === 0) continue;
    if (!isTotalCaption(caption)) break;
    totals.push(...amounts);
  }
  return totals;
}

/** The numeric column a caption names beyond its total words ("Paid Total" → paid). */
function namedColumn(
  caption: string,
  columns: readonly TableColumnDefinition[],
): TableColumnDefinition | null {
  const words = new Set(
    captionTerms(caption)
      .filter((t) => !GENERIC_WORDS.has(t.text))
      .map((t) => t.stem),
  );
  if (words.size === 0) return null;
  const named = columns.filter((column) =>
    fieldPhrases(column).some((phrase) =>
      captionTerms(phrase).some((t) => !GENERIC_WORDS.has(t.text) && words.has(t.stem)),
    ),
  );
  return named.length === 1 ? named[0] : null;
}

/** The numeric column a printed total stands under, by the column's cells on the page. */
function alignedColumn(
  total: PrintedTotal,
  columns: readonly TableColumnDefinition[],
  rows: readonly ExtractedRow[],
  page: number,
): TableColumnDefinition | null {
  let best: TableColumnDefinition | null = null;
  let bestOverlap = 0;
  for (const column of columns) {
    const boxes = rows.flatMap((row) => {
      const grounding = row.cells[column.key]?.grounding;
      return grounding && grounding.page === page ? [grounding.box] : [];
    });
    const extent = unionBox(boxes);
    if (!extent) continue;
    const overlap = horizontalOverlap(extent, total.box);
    const edge =
      Math.abs(extent.x1 - total.box.x1) <= EDGE_TOLERANCE ||
      Math.abs(extent.x0 - total.box.x0) <= EDGE_TOLERANCE;
    const score = overlap > 0 ? overlap : edge ? 1e-6 : 0;
    if (score > bestOverlap) {
      bestOverlap = score;
      best = column;
    }
  }
  return best;
}

/**
 * Totals printed under the table that its rows do not add up to: a row or a cell was lost or
 * misread. Each printed amount is compared with the column its caption names, else the column
 * it stands under; an amount that is, to the cent, what another column's rows add up to is
 * that column's total (a totals block printed at the right margin, under the last column,
 * with a caption in words no column shares: "Total Payments" for what was paid).
 */
export function totalsMismatches(
  field: TableFieldDefinition,
  rows: readonly ExtractedRow[],
  lines: readonly TextLine[],
): string[] {
  return checkTotals(field, rows, lines).mismatches;
}

/**
 * The numeric columns whose rows add up, to the cent, to a total printed under the table: the
 * page's arithmetic vouches for every cell of such a column at once.
 */
export function columnsAddingUp(
  field: TableFieldDefinition,
  rows: readonly ExtractedRow[],
  lines: readonly TextLine[],
): string[] {
  return checkTotals(field, rows, lines).agreeing;
}

/** Each totals line under the table against the column it states: agreeing columns, mismatches. */
function checkTotals(
  field: TableFieldDefinition,
  rows: readonly ExtractedRow[],
  lines: readonly TextLine[],
): { agreeing: string[]; mismatches: string[] } {
  const last = rows[rows.length - 1];
  const numeric = field.columns.filter(isNumeric);
  if (!last || numeric.length === 0) return { agreeing: [], mismatches: [] };
  const page = last.grounding?.page ?? 0;
  const sums = new Map(numeric.map((column) => [column.key, columnSum(rows, column.key)]));
  const adds = (key: string, amount: number) => Math.abs(sums.get(key)! - amount) <= SUM_TOLERANCE;
  const mismatches: string[] = [];
  const agreed: string[] = [];
  const checked = new Set<string>();
  for (const total of totalsLines(lines, last)) {
    const column = namedColumn(total.caption, numeric) ?? alignedColumn(total, numeric, rows, page);
    if (!column || checked.has(column.key)) continue;
    const agreeing = adds(column.key, total.amount)
      ? column
      : numeric.find((c) => !checked.has(c.key) && adds(c.key, total.amount));
    if (agreeing) {
      checked.add(agreeing.key);
      agreed.push(agreeing.key);
      continue;
    }
    checked.add(column.key);
    mismatches.push(
      `totals line "${total.caption}" prints ${total.amount.toFixed(2)} but the rows' ${column.key} add up to ${sums.get(column.key)!.toFixed(2)}`,
    );
  }
  return { agreeing: agreed, mismatches };
}

/** How a table's rows follow one another in its layout, as a review of the layout taught it. */
export interface RowSpacing {
  /** Median distance from one row's top to the next one's (page heights); 0 when unknown. */
  readonly rowPitch: number;
  /** Median height of one row (page heights). */
  readonly rowHeight: number;
}

/**
 * Rows a table reading skipped, by the remembered layout's row spacing: a gap between two
 * rows read where one or more rows of the layout fit (a line the engine could not read as a
 * row). A row wrapped over two lines is one taller row, so gaps run from a row's bottom to
 * the next one's top.
 */
export function missingRowsDoubt(
  rows: readonly ExtractedRow[],
  spacing: RowSpacing,
): string | null {
  const between = spacing.rowPitch - spacing.rowHeight;
  if (spacing.rowPitch <= 0) return null;
  let missing = 0;
  for (let i = 1; i < rows.length; i += 1) {
    const previous = rows[i - 1].grounding;
    const current = rows[i].grounding;
    if (!previous || !current || previous.page !== current.page) continue;
    const gap = current.box.y0 - previous.box.y1 - between;
    missing += Math.max(0, Math.round(gap / spacing.rowPitch));
  }
  if (missing === 0) return null;
  return `rows: read ${rows.length}, the remembered layout's row spacing fits ${rows.length + missing}`;
}

/** Each row's words (on its line, between its top and bottom) with its cells' boxes. */
function wordsOnRows(
  rows: readonly ExtractedRow[],
  lines: readonly TextLine[],
): Array<{ words: PositionedWord[]; cells: CornerBox[] }> {
  return rows.flatMap((row) => {
    const place = rowPlace(row);
    if (!place) return [];
    const words = lines
      .filter((line) => line.pageNumber === place.page)
      .flatMap((line) => line.words)
      .filter((word) => boxCentreY(word.box) > place.box.y0 && boxCentreY(word.box) < place.box.y1);
    const cells = Object.values(row.cells).flatMap((c) => (c.grounding ? [c.grounding.box] : []));
    return [{ words, cells }];
  });
}

/*
 * A configured column the rows print nothing in, as the reviewed table of this layout showed it
 * can be (a coverage schedule whose `Ded.` column is blank in some reviewed rows, draw 7031, or
 * never printed at all): reading it empty in every row is then what the page holds, not a column
 * lost. Still doubted when any row prints a word no cell took (the column's, its header lost) or
 * a word within the column's remembered place (taken into another cell).
 */
function blankInLayout(
  column: TableColumnDefinition,
  rows: readonly ExtractedRow[],
  lines: readonly TextLine[],
  remembered: RememberedTable | undefined,
): boolean {
  const columns = remembered?.columns ?? [];
  const reviewed = columns.find((c) => c.key === column.key);
  if (columns.length === 0 || (reviewed && !reviewed.blankRows)) return false;
  return wordsOnRows(rows, lines).every(({ words, cells }) =>
    words.every((word) => {
      const x = boxCentreX(word.box);
      const inColumn = reviewed !== undefined && x >= reviewed.x0 && x <= reviewed.x1;
      return !inColumn && cells.some((cell) => centreWithin(word.box, cell));
    }),
  );
}

/**
 * Every reason to doubt a table reading, worded for the reviewer; with what a review
 * of the document's layout taught, also rows the reading skipped.
 */
/**
 * What the words of the text cells OCR read say against them (`misreadWordDoubts`): a garbled
 * word, a hyphen read for a space ("Paint-and materials"), as a text field's are doubted.
 */
function misreadTextCells(field: TableFieldDefinition, rows: readonly ExtractedRow[]): string[] {
  const text = field.columns.filter((c) => c.type === 'string' || c.type === undefined);
  return rows.flatMap((row, index) =>
    text.flatMap((column) => {
      const cell = row.cells[column.key];
      return cell
        ? misreadWordDoubts(cell.text).map((d) => `${column.key}: ${d} in row ${index + 1}`)
        : [];
    }),
  );
}

export function tableDoubts(
  field: TableFieldDefinition,
  table: ExtractedField,
  lines: readonly TextLine[],
  remembered?: RememberedTable,
  /** The table was read by OCR: a cell may be misread however sure OCR was of it. */
  fromOcr = false,
): string[] {
  const rows = table.rows ?? [];
  const doubts: string[] = [];
  // Kept even where a reviewed layout confirmed where the columns stand (and the reading's own
  // doubts were dropped): no header was read, so the page may hold another table than this.
  const headerless = table.notes.find((note) => note.startsWith(HEADERLESS_READING));
  if (headerless && !(table.doubts ?? []).includes(headerless)) doubts.push(headerless);
  const empty = emptyColumns(field, rows).filter(
    (column) => !blankInLayout(column, rows, lines, remembered),
  );
  if (empty.length > 0)
    doubts.push(
      `column${empty.length > 1 ? 's' : ''} ${empty.map((c) => c.key).join(', ')} empty in every row`,
    );
  for (const [key, rowNumbers] of unreadableCells(field, rows))
    doubts.push(
      `${key}: text not read as a value in row${rowNumbers.length > 1 ? 's' : ''} ${rowNumbers.join(', ')}`,
    );
  if (fromOcr)
    for (const [key, rowNumbers] of oddlyShapedCells(field, rows, remembered))
      doubts.push(
        `${key}: shaped like no other value of the column in row${rowNumbers.length > 1 ? 's' : ''} ${rowNumbers.join(', ')}`,
      );
  if (fromOcr)
    for (const [key, found] of oddlyFormedNumbers(field, rows))
      for (const { row, why } of found) doubts.push(`${key}: ${why} in row ${row}`);
  if (fromOcr)
    for (const [key, [row]] of emptyAmongFilled(field, rows))
      doubts.push(`${key}: empty where every other row has a value in row ${row}`);
  if (fromOcr) doubts.push(...misreadTextCells(field, rows));
  doubts.push(...totalsMismatches(field, rows, lines));
  const missing = remembered ? missingRowsDoubt(rows, remembered) : null;
  if (missing) doubts.push(missing);
  return doubts;
}

/**
 * Whether a money field holds what a numeric column of a table adds up to, to the cent, when
 * its name names that column beyond its total words ("Total Paid" and the paid column): the
 * page's arithmetic confirms the reading, however weak its caption was. A table of one row
 * confirms nothing (its total is its one cell).
 */
export function totalsColumn(
  field: ScalarFieldDefinition,
  amount: number,
  table: TableFieldDefinition,
  rows: readonly ExtractedRow[],
): TableColumnDefinition | null {
  const total = columnTotal(field, table, rows);
  return total && Math.abs(total.sum - amount) <= SUM_TOLERANCE ? total.column : null;
}

/**
 * The numeric column a money field names beyond its total words ("Total Paid": paid), and what
 * the table's rows add up to in it; null for another field, or a table of fewer than two rows.
 */
export function columnTotal(
  field: ScalarFieldDefinition,
  table: TableFieldDefinition,
  rows: readonly ExtractedRow[],
): { column: TableColumnDefinition; sum: number } | null {
  if (field.type !== 'money' || rows.length < 2) return null;
  const numeric = table.columns.filter(isNumeric);
  const named = fieldPhrases(field)
    .filter((phrase) => isTotalCaption(phrase))
    .map((phrase) => namedColumn(phrase, numeric))
    .find((column) => column !== null);
  return named ? { column: named, sum: columnSum(rows, named.key) } : null;
}
