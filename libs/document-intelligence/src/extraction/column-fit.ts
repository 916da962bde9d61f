import type { LayoutCell, LayoutTable } from '../layout/layout.types';
import type { TableColumnDefinition } from '../schema/field-schema.types';
import { parseDate } from '../values/date-normaliser';
import { parseMoney } from '../values/money-normaliser';
import { parseScalar } from '../values/scalar-value.parser';
import { centsJoined } from './table-cell-cents';
import { slashedYearDigits, slashesRestored } from './table-cell-dates';

/*
 * How well the body cells of a layout column suit a configured column, the two ways the table
 * matcher asks it: strictly (does the column's own parser accept the cell), for a column whose
 * header matched, and by kind (text, counts, amounts, dates, graded), for placing columns no
 * header names.
 */

function filledBodyCells(table: LayoutTable, layoutColumn: number): LayoutCell[] {
  return table.cells.filter(
    (c) => !c.isHeader && c.columnIndex === layoutColumn && c.text.trim().length > 0,
  );
}

/** Share of the column's non-empty body cells that parse as the configured column's type. */
export function parseFit(
  table: LayoutTable,
  layoutColumn: number,
  column: TableColumnDefinition,
): number {
  const cells = filledBodyCells(table, layoutColumn);
  if (cells.length === 0) return 0;
  // A date whose slashes OCR read as strokes still fits a column of such dates.
  const yearDigits = column.type === 'date' ? slashedYearDigits(cells.map((c) => c.text)) : null;
  const fits = (text: string): boolean =>
    parseScalar(text, column) !== null ||
    (yearDigits !== null && slashesRestored(text, yearDigits) !== null);
  return cells.filter((c) => fits(c.text)).length / cells.length;
}

type CellKind = 'text' | 'count' | 'decimal' | 'money' | 'date';

const PLAIN_NUMBER = /^[-+(]?\d{1,3}(?:[,\s]?\d{3})*(?:\.(\d+))?\)?$|^[-+(]?\d+(?:\.(\d+))?\)?$/;
const CURRENCY_MARK = /[$€£¥]|\b[A-Z]{3}\b/;
/**
 * An amount with its cents and a three-letter code before or after it, the code in whatever
 * case OCR read it: a scan's "USD" read "usb" still marks the cell as money.
 */
const CODED_AMOUNT =
  /^[A-Za-z]{3}[-\s]*\(?-?\d[\d,]*\.\d{2}\)?$|^\(?-?\d[\d,]*\.\d{2}\)?\s*[A-Za-z]{3}$/;

function cellKind(text: string): CellKind {
  const trimmed = centsJoined(text) ?? text.trim();
  const plain = PLAIN_NUMBER.exec(trimmed);
  if (plain) return (plain[1] ?? plain[2])?.length === 2 ? 'decimal' : 'count';
  if (CURRENCY_MARK.test(trimmed) && parseMoney(trimmed) !== null) return 'money';
  if (CODED_AMOUNT.test(trimmed)) return 'money';
  const date = parseDate(trimmed);
  if (date && date.end - date.start >= trimmed.length * 0.8) return 'date';
  return 'text';
}

/** How well a cell of each kind suits a configured column type, 0 to 1. */
const FIT: Readonly<Record<TableColumnDefinition['type'], Readonly<Record<CellKind, number>>>> = {
  string: { text: 1, count: 0.3, decimal: 0, money: 0, date: 0 },
  number: { text: 0, count: 1, decimal: 0.7, money: 0, date: 0 },
  money: { text: 0, count: 0.4, decimal: 0.9, money: 1, date: 0 },
  date: { text: 0, count: 0, decimal: 0, money: 0, date: 1 },
  boolean: { text: 0.7, count: 0, decimal: 0, money: 0, date: 0 },
  enum: { text: 0.8, count: 0, decimal: 0, money: 0, date: 0 },
};

/** Mean fit of the non-empty body cells of a layout column to a configured column. */
export function kindFit(
  table: LayoutTable,
  layoutColumn: number,
  column: TableColumnDefinition,
): number {
  const texts = filledBodyCells(table, layoutColumn).map((c) => c.text);
  if (texts.length === 0) return 0;
  return texts.reduce((sum, text) => sum + FIT[column.type][cellKind(text)], 0) / texts.length;
}
