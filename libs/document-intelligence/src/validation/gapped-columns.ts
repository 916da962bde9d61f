import type { ExtractedRow } from '../schema/extraction-result.types';
import type { TableColumnDefinition } from '../schema/field-schema.types';

/*
 * A cell left empty in a column the table's other rows fill. Loss runs read one-shot went
 * straight through with a date glued onto the claim number beside it (its own cell then empty),
 * a status cut off one row of thirty-four, a claim number lost in the first row: each reading was
 * sure of the cells it kept, so no confidence said anything. A column a layout prints in most
 * rows and leaves blank in one is worth a look; a column blank in most rows (a deductible only
 * some coverages carry) is the layout's habit, and is not doubted. Nor is a blank amount: a
 * declarations page leaves the deductible of a coverage without one blank in a row or two, and
 * on draw 7012 that was every such flag on a document read right.
 */

/** Fewer rows than this say too little about a column's habit. */
const MIN_ROWS = 3;

function isBlank(row: ExtractedRow, column: string): boolean {
  const cell = row.cells[column];
  return !cell || cell.value === null || String(cell.value).trim() === '';
}

/** One reason per empty cell of a column the table fills in more than half its rows. */
export function gappedColumnCells(
  columns: readonly TableColumnDefinition[],
  rows: readonly ExtractedRow[],
): string[] {
  if (rows.length < MIN_ROWS) return [];
  const reasons: string[] = [];
  for (const column of columns) {
    if (column.required) continue; // a missing required cell is already said by its rule
    if (column.type === 'money' || column.type === 'number') continue; // blank means none
    const blankRows = rows.flatMap((row, index) => (isBlank(row, column.key) ? [index] : []));
    if (blankRows.length === 0 || blankRows.length * 2 >= rows.length) continue;
    for (const index of blankRows)
      reasons.push(
        `row ${index + 1}: ${column.key} empty where ${rows.length - blankRows.length} of ${rows.length} rows fill it`,
      );
  }
  return reasons;
}
