import type { AnalysedDocument } from '../layout/analysed-document';
import type { ExtractedField, MoneyValue } from '../schema/extraction-result.types';
import type { ScalarFieldDefinition, TableFieldDefinition } from '../schema/field-schema.types';
import type { TextLine } from '../text-layer/line-grouper';
import type { FieldMatches } from './field-matching';
import { asksForIssuer, fromLetterhead, letterheadLine } from './letterhead';
import { orderPeriodEnds } from './period-ends';
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
  // A period's start read later than its end: the two captions were taken the wrong way round.
  orderPeriodEnds(matches.scalars, results);
  // A total the rows of a table add up to is confirmed by them, whatever its caption.
  confirmTableTotals(matches.matched, tables, results);
  // And the cells of a column that adds up to its printed total are confirmed by it.
  confirmColumnsByTotals(tables, results, analysed.lines);
}

/**
 * A cell this sure when its column adds up, to the cent, to the total printed under the table:
 * OCR's middling word confidence (0.55-0.66 on reserve cells read right on the development
 * scans) is outweighed by the arithmetic, which a misread digit in any one cell would break.
 */
const ADDED_UP_CELL_CONFIDENCE = 0.9;

function confirmColumnsByTotals(
  tables: readonly TableFieldDefinition[],
  results: Map<string, ExtractedField>,
  lines: readonly TextLine[],
): void {
  for (const table of tables) {
    const reading = results.get(table.key);
    const rows = reading?.rows;
    if (!reading || !rows || rows.length < 2) continue;
    const confirmed = columnsAddingUp(table, rows, lines);
    if (confirmed.length === 0) continue;
    results.set(table.key, {
      ...reading,
      rows: rows.map((row) => ({
        ...row,
        cells: Object.fromEntries(
          Object.entries(row.cells).map(([key, cell]) => [
            key,
            confirmed.includes(key) && cell.value !== null
              ? { ...cell, confidence: Math.max(cell.confidence, ADDED_UP_CELL_CONFIDENCE) }
              : cell,
          ]),
        ),
      })),
      notes: [...reading.notes, `${confirmed.join(', ')} add up to the totals printed under it`],
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
