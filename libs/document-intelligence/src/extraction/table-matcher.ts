import type { LayoutCell, LayoutTable, PageLayout } from '../layout/layout.types';
import type {
  ExtractedCell,
  ExtractedField,
  ExtractedRow,
  ScalarValue,
  TableRowValue,
} from '../schema/extraction-result.types';
import type { TableColumnDefinition, TableFieldDefinition } from '../schema/field-schema.types';
import { labelTokens } from '../text-layer/text-normaliser';
import { parseScalar } from '../values/scalar-value.parser';
import { groundingOf, wordKey, wordsInSpan } from '../values/word-span';
import { fieldPhrases } from '../vocabulary/label-vocabulary';
import { captionSimilarity, sharedDefiningWords } from './caption-similarity';
import { parseFit } from './column-fit';
import { CENTS_LOST_QUALITY, centsJoined, centsLostAfter } from './table-cell-cents';
import { slashedYearDigits, slashesRestored } from './table-cell-dates';
import { placeColumnsByKind } from './table-column-filler';
import { HEADERLESS_READING } from './table-doubts';
import { DEFAULT_TABLE_STOP_LABELS } from './table-extractor';

/*
 * Schema to layout for tables whose header no column phrase names in full: the tables the
 * layout analysis found without a schema are matched column by column, by how much meaning a
 * header shares with a configured column (caption-similarity.ts) and how many of the cells
 * under it are of the column's type. Tables on later pages matched the same way continue the
 * first one. A table read this way is always flagged for a reviewer's look.
 */

/** Below this a header shares too little with a column to be read for it. */
const MIN_HEADER_SIMILARITY = 0.2;
/** A typed column takes a layout column only when most cells under it are of its type. */
const MIN_TYPE_FIT = 0.6;
/** Read by meaning, a table is at most this sure. */
const MAX_CONFIDENCE = 0.8;

interface ColumnMatch {
  readonly column: TableColumnDefinition;
  readonly layoutColumn: number;
  readonly similarity: number;
  /** Placed by the kind of its cells and the schema's order, no header matching it. */
  readonly byKind?: boolean;
}

/** A header matching a column less than this shares a word or so with it, no more. */
const STRONG_HEADER_SIMILARITY = 0.6;

/** A column placed by its cells' kind alone is at most this sure. */
const KIND_CONFIDENCE = 0.45;

function headerText(table: LayoutTable, column: number): string {
  return table.cells
    .filter((c) => c.isHeader && c.columnIndex <= column && column < c.columnIndex + c.columnSpan)
    .map((c) => c.text)
    .join(' ');
}

/** A table reading fills at least two columns, or every column when fewer are configured. */
export function columnsForAReading(field: TableFieldDefinition): number {
  return Math.min(2, field.columns.length);
}

/**
 * A header sharing a word or so with a column ("Units" with "Unit Price", "Ext. Price" with
 * "Unit Price") is weaker evidence than the whole table read in the schema's order by what its
 * cells hold. When such weak matches keep columns from being placed (the schema's order leaves
 * "Qty" no room left of "Units" taken for the price), the reading without them is kept if it
 * places more columns.
 */
function withoutWeakHeaders(
  table: LayoutTable,
  columns: readonly TableColumnDefinition[],
  chosen: readonly ColumnMatch[],
): ColumnMatch[] {
  const strong = chosen.filter((c) => c.similarity >= STRONG_HEADER_SIMILARITY);
  if (strong.length === chosen.length) return [...chosen];
  const withWeak = chosen.length + placeColumnsByKind(table, columns, chosen).length;
  const withoutWeak = strong.length + placeColumnsByKind(table, columns, strong).length;
  return withoutWeak > withWeak ? strong : [...chosen];
}

/** Each configured column to at most one layout column, best matches first. */
function matchColumns(table: LayoutTable, field: TableFieldDefinition): ColumnMatch[] {
  const options: Array<ColumnMatch & { score: number }> = [];
  const shared = sharedDefiningWords(field.columns.map(fieldPhrases));
  for (const column of field.columns) {
    const phrases = fieldPhrases(column);
    for (let layoutColumn = 0; layoutColumn < table.columns; layoutColumn += 1) {
      const similarity = captionSimilarity(phrases, headerText(table, layoutColumn), shared);
      if (similarity < MIN_HEADER_SIMILARITY) continue;
      const fit = parseFit(table, layoutColumn, column);
      if (column.type !== 'string' && fit < MIN_TYPE_FIT) continue;
      options.push({ column, layoutColumn, similarity, score: similarity * (0.5 + 0.5 * fit) });
    }
  }
  options.sort((a, b) => b.score - a.score);
  const chosen: ColumnMatch[] = [];
  for (const option of options) {
    if (chosen.some((c) => c.column === option.column || c.layoutColumn === option.layoutColumn))
      continue;
    chosen.push(option);
  }
  const kept = withoutWeakHeaders(table, field.columns, chosen);
  const placed = placeColumnsByKind(table, field.columns, kept).map((p): ColumnMatch => ({
    column: p.column,
    layoutColumn: p.layoutColumn,
    similarity: KIND_CONFIDENCE * p.fit,
    byKind: true,
  }));
  // Kind alone reads a table only when it places most of the columns; a header match or two
  // then needs no more than one more column placed beside it.
  const enough =
    kept.length > 0
      ? kept.length + placed.length >= columnsForAReading(field)
      : placed.length >= Math.min(3, field.columns.length);
  return enough ? [...kept, ...placed] : kept;
}

/** A totals row ("Total", "Grand Total") is not a line of the table. */
function isTotalsRow(cells: readonly LayoutCell[]): boolean {
  const first = [...cells].sort((a, b) => a.columnIndex - b.columnIndex)[0];
  if (!first) return false;
  const tokens = labelTokens(first.text);
  return DEFAULT_TABLE_STOP_LABELS.some((label) => {
    const stop = labelTokens(label);
    return stop.length > 0 && stop.every((t, i) => tokens[i] === t);
  });
}

/** A date whose slashes were read as strokes is right far more often than not, never surely. */
const RESTORED_SLASHES_QUALITY = 0.6;

/** The year digits of a date column's slashed dates (table-cell-dates), or null. */
function dateColumnForm(
  table: LayoutTable,
  layoutColumn: number,
  column: TableColumnDefinition,
): number | null {
  if (column.type !== 'date') return null;
  const texts = table.cells
    .filter((c) => !c.isHeader && c.columnIndex === layoutColumn)
    .map((c) => c.text);
  return slashedYearDigits(texts);
}

function readRows(
  table: LayoutTable,
  matches: readonly ColumnMatch[],
  documentId: string | undefined,
): ExtractedRow[] {
  const rows: ExtractedRow[] = [];
  const yearDigits = new Map(
    matches.map((match) => [match, dateColumnForm(table, match.layoutColumn, match.column)]),
  );
  for (let rowIndex = table.headerRows; rowIndex < table.rows; rowIndex += 1) {
    const rowCells = table.cells.filter((c) => !c.isHeader && c.rowIndex === rowIndex);
    if (rowCells.length === 0 || isTotalsRow(rowCells)) continue;
    const cells: Record<string, ExtractedCell> = {};
    for (const match of matches) {
      const cell = rowCells.find((c) => c.columnIndex === match.layoutColumn);
      if (!cell || cell.text.trim().length === 0) continue;
      // An amount OCR read apart at its point is read whole, grounded on the cell's words.
      const joined = match.column.type === 'money' ? centsJoined(cell.text) : null;
      const digits = yearDigits.get(match);
      const restored =
        !joined && digits && !parseScalar(cell.text, match.column)
          ? slashesRestored(cell.text, digits)
          : null;
      const text = joined ?? restored ?? cell.text;
      const parsed = parseScalar(text, match.column);
      if (!parsed) continue;
      const words = joined || restored ? [] : wordsInSpan(cell.words, parsed.start, parsed.end);
      cells[match.column.key] = {
        value: parsed.value,
        text: text.slice(parsed.start, parsed.end),
        confidence:
          Math.min(MAX_CONFIDENCE, match.similarity) *
          parsed.quality *
          (restored ? RESTORED_SLASHES_QUALITY : 1) *
          (match.column.type === 'money' && centsLostAfter(text.slice(parsed.end))
            ? CENTS_LOST_QUALITY
            : 1),
        grounding: groundingOf(words.length > 0 ? words : [...cell.words], documentId),
      };
    }
    const present = Object.values(cells);
    if (present.length === 0) continue;
    rows.push({
      cells,
      confidence: present.reduce((s, c) => s + c.confidence, 0) / present.length,
      grounding: groundingOf(
        rowCells.flatMap((c) => [...c.words]),
        documentId,
      ),
    });
  }
  return rows;
}

export interface TableMatch {
  readonly field: ExtractedField;
  readonly usedWords: ReadonlySet<string>;
}

/**
 * Reads a table field from the layout's tables, or returns null when no table has at least two
 * columns (or every configured column, when fewer) matched.
 */
export function matchTableToLayout(
  configured: TableFieldDefinition,
  layouts: readonly PageLayout[],
  documentId: string | undefined,
): TableMatch | null {
  // A column configured without a type ({key, label}) holds text.
  const field: TableFieldDefinition = {
    ...configured,
    columns: configured.columns.map((c): TableColumnDefinition =>
      (c.type as string | undefined) === undefined ? { ...c, type: 'string' } : c,
    ),
  };
  const required = columnsForAReading(field);
  const matched = layouts
    .flatMap((layout) => layout.tables)
    .map((table) => ({ table, matches: matchColumns(table, field) }))
    .filter(({ matches }) => matches.length >= required);
  if (matched.length === 0) return null;
  const rows = matched.flatMap(({ table, matches }) => readRows(table, matches, documentId));
  const value: TableRowValue[] = rows.map((row) => {
    const out: Record<string, ScalarValue | null> = {};
    for (const column of field.columns) out[column.key] = row.cells[column.key]?.value ?? null;
    return out;
  });
  const first = matched[0];
  const found = new Set(first.matches.map((m) => m.column.key));
  const missing = field.columns.filter((c) => !found.has(c.key)).map((c) => c.key);
  const headerless = first.table.headerRows === 0;
  const headers = first.matches
    .map((m) =>
      headerless
        ? `${m.column.key} = column ${m.layoutColumn + 1}`
        : `${m.column.key} = "${headerText(first.table, m.layoutColumn)}"${m.byKind ? ' (by what its cells hold and the column order)' : ''}`,
    )
    .join(', ');
  // A table found without a header row is a guess twice over (that it is the table, and which
  // column is which): said as such, so a reviewer always sees it.
  const reading = headerless
    ? `${HEADERLESS_READING}: ${headers}`
    : `columns matched by meaning: ${headers}`;
  const words = matched.flatMap(({ table }) => table.cells.flatMap((c) => [...c.words]));
  const confidence =
    rows.length === 0
      ? 0
      : Math.min(MAX_CONFIDENCE, rows.reduce((s, r) => s + r.confidence, 0) / rows.length);
  return {
    field: {
      doubts: [headerless ? reading : `table ${reading}`],
      key: field.key,
      type: 'table',
      value,
      confidence,
      ...(documentId === undefined ? {} : { documentId }),
      grounding: groundingOf(words, documentId),
      source: 'table',
      rows,
      notes: [
        reading,
        ...(missing.length > 0 ? [`columns not found: ${missing.join(', ')}`] : []),
        ...(rows.length === 0 ? ['table has no rows'] : []),
      ],
    },
    usedWords: new Set(words.map(wordKey)),
  };
}
