import type { AnalysedDocument } from '../layout/analysed-document';
import type { ExtractedField, MoneyValue } from '../schema/extraction-result.types';
import type { ScalarFieldDefinition, TableFieldDefinition } from '../schema/field-schema.types';
import type { TextLine } from '../text-layer/line-grouper';
import {
  cellsKeepingRowArithmetic,
  repairedByRowArithmetic,
  rowsBreakingArithmetic,
} from '../validation/row-arithmetic';
import { orderDates } from './date-order';
import type { FieldMatches } from './field-matching';
import { asksForIssuer, fromLetterhead, letterheadLine } from './letterhead';
import { readPrintedColumnTotals } from './printed-column-total';
import { settleTotal } from './sum-check';
import { columnsAddingUp, totalsColumn } from './table-doubts';

/**
 * The last stage: rules that weigh fields against each other and the whole document, once every
 * field has its reading. They amend `results` in place.
 */
export function settleAcrossFields(
  analysed: AnalysedDocument,
  matches: FieldMatches,
  results: Map<string, ExtractedField>,
  tables: readonly TableFieldDefinition[] = [],
): void {
  const { documentId } = analysed;
  // The one field asking for the total takes the amount the document prints as a sum of others.
  settleTotal(matches.matched, results, analysed.layouts, documentId);
  // Who issued the document, when no caption says: the name printed large at its top.
  readLetterhead(matches.matched, results, analysed.lines, matches.usedWords, documentId);
  // A period's start read later than its end, an event later than its report: swapped.
  orderDates(matches.scalars, results);
  // A total the rows of a table add up to is confirmed by them, whatever its caption.
  confirmTableTotals(matches.matched, tables, results);
  // And one no caption answered is read where the page prints that sum.
  readPrintedColumnTotals(matches.matched, tables, results, analysed.lines, documentId);
  // And the cells the page's arithmetic vouches for: a column adding up to its printed total,
  // a row whose figures make one another.
  confirmTableCells(tables, results, analysed.lines);
  // A row breaking the arithmetic the table's other rows keep: one of its figures is misread,
  // and taken back when exactly one look-alike digit or two make the row keep it (in doubt).
  for (const table of tables) {
    const reading = results.get(table.key);
    if (!reading?.rows) continue;
    const repair = repairedByRowArithmetic(table, reading.rows);
    const broken = rowsBreakingArithmetic(table, repair.rows);
    if (repair.doubts.length + broken.length > 0)
      results.set(table.key, {
        ...reading,
        rows: repair.rows,
        doubts: [...(reading.doubts ?? []), ...repair.doubts, ...broken],
      });
  }
}

/**
 * Cells the page's arithmetic vouches for are as sure as a total the rows add up to: OCR's
 * middling word confidence on a figure (0.55-0.66 on reserve and limit cells read right on
 * draw 7001's scans) is outweighed by sums a misread digit in any one cell would break.
 */
function confirmTableCells(
  tables: readonly TableFieldDefinition[],
  results: Map<string, ExtractedField>,
  lines: readonly TextLine[],
): void {
  for (const table of tables) {
    const reading = results.get(table.key);
    const rows = reading?.rows;
    // Arithmetic vouches for figures, not for the column each was put in: only a reading
    // whose columns a reviewed layout placed (zero-shot, a loss run read by meaning put the
    // incurred figures under reserve, and they still added up).
    if (!reading || !rows || rows.length < 2 || reading.source !== 'layout-memory') continue;
    const columns = columnsAddingUp(table, rows, lines);
    const cells = cellsKeepingRowArithmetic(table, rows);
    if (columns.length === 0 && cells.size === 0) continue;
    const vouched = (index: number, key: string) =>
      columns.includes(key) || cells.has(`${index}:${key}`);
    results.set(table.key, {
      ...reading,
      rows: rows.map((row, index) => ({
        ...row,
        cells: Object.fromEntries(
          Object.entries(row.cells).map(([key, cell]) => [
            key,
            vouched(index, key) && cell.value !== null
              ? { ...cell, confidence: Math.max(cell.confidence, ADDED_UP_CONFIDENCE) }
              : cell,
          ]),
        ),
      })),
      notes: [
        ...reading.notes,
        ...(columns.length > 0
          ? [`${columns.join(', ')} add up to the totals printed under it`]
          : []),
        ...(cells.size > 0 ? [`${cells.size} cells keep their row's arithmetic`] : []),
      ],
    });
  }
}

/** A reading this sure of a total is no longer in doubt: the table's rows add up to it. */
const ADDED_UP_CONFIDENCE = 0.9;

function confirmTableTotals(
  fields: readonly ScalarFieldDefinition[],
  tables: readonly TableFieldDefinition[],
  results: Map<string, ExtractedField>,
): void {
  for (const field of fields) {
    const reading = results.get(field.key);
    const value = reading?.value as MoneyValue | null | undefined;
    if (!reading || !value || typeof value !== 'object' || !('amount' in value)) continue;
    for (const table of tables) {
      const column = totalsColumn(field, value.amount, table, results.get(table.key)?.rows ?? []);
      if (!column) continue;
      results.set(field.key, {
        ...reading,
        confidence: Math.max(reading.confidence, ADDED_UP_CONFIDENCE),
        doubts: [],
        notes: [...reading.notes, `the rows of ${table.key} add up to it in ${column.key}`],
      });
      break;
    }
  }
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
