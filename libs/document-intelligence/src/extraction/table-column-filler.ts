import type { LayoutTable } from '../layout/layout.types';
import type { TableColumnDefinition } from '../schema/field-schema.types';
import { kindFit } from './column-fit';

/*
 * Columns no header names: a first-time schema says "Description, Qty, Unit Price, Amount" and
 * the page prints "Work Performed, Count, Per Unit, Line Total". What the cells hold still
 * tells the columns apart (text, plain counts, amounts, dates), and a schema lists its columns
 * in the order the documents print them far more often than not. So the columns no header
 * matched are placed by the kind of their cells, keeping the schema's order among themselves
 * and around the columns a header did match. Such a placement is a guess for a reviewer to
 * confirm, and is trusted accordingly.
 */

/** Below this share of fitting cells a layout column is not the configured column's. */
const MIN_FIT = 0.6;

export interface Placement {
  readonly column: TableColumnDefinition;
  readonly layoutColumn: number;
  readonly fit: number;
}

/**
 * Places the configured columns left unmatched on the layout columns left unclaimed, by cell
 * kind, preserving the schema's order: among themselves (a monotone alignment that maximises
 * the summed fit) and relative to the columns already matched by header (`anchors`).
 */
export function placeColumnsByKind(
  table: LayoutTable,
  columns: readonly TableColumnDefinition[],
  anchors: ReadonlyArray<{ readonly column: TableColumnDefinition; readonly layoutColumn: number }>,
): Placement[] {
  const schemaIndex = new Map(columns.map((c, i) => [c.key, i]));
  const claimed = new Set(anchors.map((a) => a.layoutColumn));
  const anchored = new Set(anchors.map((a) => a.column.key));
  const open = columns.filter((c) => !anchored.has(c.key));
  const free = Array.from({ length: table.columns }, (_, i) => i).filter((i) => !claimed.has(i));
  const inOrder = (column: TableColumnDefinition, layoutColumn: number): boolean =>
    anchors.every(
      (a) =>
        schemaIndex.get(column.key)! < schemaIndex.get(a.column.key)! ===
        layoutColumn < a.layoutColumn,
    );
  const fit = open.map((column) =>
    free.map((layoutColumn) => {
      const value = inOrder(column, layoutColumn) ? kindFit(table, layoutColumn, column) : 0;
      return value >= MIN_FIT ? value : Number.NEGATIVE_INFINITY;
    }),
  );

  // best[i][j]: the best summed fit placing open[0..i) on free[0..j).
  const best = Array.from({ length: open.length + 1 }, () =>
    Array.from({ length: free.length + 1 }, () => 0),
  );
  for (let i = 1; i <= open.length; i += 1) {
    for (let j = 1; j <= free.length; j += 1) {
      best[i][j] = Math.max(best[i - 1][j], best[i][j - 1], best[i - 1][j - 1] + fit[i - 1][j - 1]);
    }
  }
  const placed: Placement[] = [];
  for (let i = open.length, j = free.length; i > 0 && j > 0;) {
    if (best[i][j] === best[i - 1][j]) i -= 1;
    else if (best[i][j] === best[i][j - 1]) j -= 1;
    else {
      placed.unshift({ column: open[i - 1], layoutColumn: free[j - 1], fit: fit[i - 1][j - 1] });
      i -= 1;
      j -= 1;
    }
  }
  return placed;
}
