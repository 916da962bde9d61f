import type { AnalysedDocument } from '../layout/analysed-document';
import type { LayoutMemory, RememberedTable } from '../memory/layout-memory';
import { followsRememberedColumns, withRememberedHeaders } from '../memory/table-memory';
import type { ExtractedField, TableRowValue } from '../schema/extraction-result.types';
import { NOT_FOUND_DOUBT } from '../schema/extraction-result.types';
import type { FieldDefinition, TableFieldDefinition } from '../schema/field-schema.types';
import type { TextLine } from '../text-layer/line-grouper';
import { tableDoubts } from './table-doubts';
import { extractTable } from './table-extractor';
import { columnsForAReading, matchTableToLayout } from './table-matcher';

/** What the tables stage read: each table field's reading, and the words its cells took. */
export interface TableReadings {
  readonly fields: ReadonlyMap<string, ExtractedField>;
  /** Words of the tables read: no other field's caption or value. */
  readonly usedWords: ReadonlySet<string>;
}

/**
 * The tables stage, run before any caption is matched: a table's header cells ("Date",
 * "Amount") would otherwise pass for field labels. Each table is read under its headers, or by
 * meaning from the layout's tables when that fills more columns, with the engine's doubts.
 */
export function readTables(
  analysed: AnalysedDocument,
  fields: readonly FieldDefinition[],
  memory: LayoutMemory | null,
  fuzzy: boolean,
): TableReadings {
  const { lines, layouts, documentId } = analysed;
  const excluded = new Set<string>();
  const results = new Map<string, ExtractedField>();
  for (const configured of fields) {
    if (configured.type !== 'table') continue;
    const remembered = memory?.tables?.find((t) => t.key === configured.key);
    // A reviewed table of this layout taught the headers its columns print under.
    const field = remembered ? withRememberedHeaders(configured, remembered) : configured;
    const byHeader = extractTable(field, lines, { fuzzy, documentId });
    // No header names the columns in full, or the reading under the one that does left a
    // column empty (a column of text whose rows it took for one wrapped cell; a header in a
    // trade's own words, "Claims Outstanding" for a reserve): match the layout's tables by
    // meaning, and keep that reading when it fills more columns.
    const filled = filledColumns(byHeader.field);
    const byMeaning =
      filled < Math.max(columnsForAReading(field), field.columns.length)
        ? matchTableToLayout(field, layouts, documentId)
        : null;
    const table = byMeaning && filledColumns(byMeaning.field) > filled ? byMeaning : byHeader;
    table.usedWords.forEach((k) => excluded.add(k));
    const confirmed =
      remembered !== undefined &&
      table === byMeaning &&
      followsRememberedColumns(table.field.rows ?? [], remembered);
    const reading = confirmed
      ? confirmedByMemory(table.field)
      : field === configured
        ? table.field
        : fromMemory(table.field);
    results.set(
      field.key,
      withTableDoubts(configured, reading, lines, remembered, analysed.fromOcr),
    );
  }
  return { fields: results, usedWords: excluded };
}

/**
 * A table reading with the engine's doubts about it: a table is never let through because its
 * header matched well while a column, a cell or its totals went wrong.
 */
function withTableDoubts(
  field: TableFieldDefinition,
  table: ExtractedField,
  lines: readonly TextLine[],
  remembered: RememberedTable | undefined,
  fromOcr: boolean,
): ExtractedField {
  const empty = table.value === null || (Array.isArray(table.value) && table.value.length === 0);
  const doubts = [
    ...(table.doubts ?? (empty ? [NOT_FOUND_DOUBT] : [])),
    ...tableDoubts(field, table, lines, remembered, fromOcr),
  ];
  return { ...table, doubts };
}

/**
 * A table read by meaning whose columns stand where a reviewed table of this layout had them:
 * the review confirms the reading, so it is not the guess a reading by meaning alone is.
 */
function confirmedByMemory(table: ExtractedField): ExtractedField {
  const { doubts: _byMeaning, ...reading } = table;
  return {
    ...reading,
    source: 'layout-memory',
    confidence: Math.max(table.confidence, MEMORY_TABLE_CONFIDENCE),
    notes: [...table.notes, 'columns where a reviewed table of this layout has them'],
  };
}

/** A table reading a reviewed layout confirms is as sure as a remembered field. */
const MEMORY_TABLE_CONFIDENCE = 0.95;

/** A table read under the headers a review of its layout taught. */
function fromMemory(table: ExtractedField): ExtractedField {
  if (table.value === null) return table;
  return {
    ...table,
    source: 'layout-memory',
    notes: [
      ...table.notes,
      'columns read under the headers a reviewed table of this layout prints',
    ],
  };
}

/** How many columns of a table reading hold a value in some row. */
function filledColumns(field: ExtractedField): number {
  const rows = Array.isArray(field.value) ? (field.value as TableRowValue[]) : [];
  return new Set(rows.flatMap((row) => Object.keys(row).filter((key) => row[key] !== null))).size;
}
