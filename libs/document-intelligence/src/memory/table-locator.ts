import type { CornerBox } from '@docket/platform';

import type { AnalysedPage } from '../layout/analysed-page';
import type { ScalarFieldDefinition } from '../schema/field-schema.types';
import { boxCentreY, unionBox } from '../text-layer/box-geometry';
import type { ReviewedTable } from './table-memory';
import { placesOf } from './value-locator';

/*
 * Where a reviewed table's rows and cells are printed, when the review gives only the rows'
 * values (a table corrected in review has no boxes of its own). A cell's value may be printed
 * in several places (the same date in two rows, a total under the table), so each row is put
 * on the line, below the row before it, where most of its cells are printed; a row placed by
 * fewer than half of its cells teaches nothing.
 */

/** Cells of one row stand on one line: centres this close (page heights). */
const SAME_LINE = 0.006;

/** The column type a reviewed value shows: the review carries values, not the configuration. */
function columnOf(key: string, value: unknown): ScalarFieldDefinition {
  if (value !== null && typeof value === 'object' && 'amount' in value) {
    return { key, type: 'money' };
  }
  if (typeof value === 'number') return { key, type: 'number' };
  if (typeof value === 'boolean') return { key, type: 'boolean' };
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return { key, type: 'date' };
  return { key, type: 'string' };
}

interface Place {
  readonly column: string;
  readonly pageNumber: number;
  readonly box: CornerBox;
}

/** Reading order of places: page, then line. */
function after(place: Place, previous: { pageNumber: number; y: number } | null): boolean {
  if (!previous) return true;
  return (
    place.pageNumber > previous.pageNumber ||
    (place.pageNumber === previous.pageNumber && boxCentreY(place.box) > previous.y + SAME_LINE)
  );
}

export function reviewedTableOf(
  pages: readonly AnalysedPage[],
  key: string,
  rows: ReadonlyArray<Readonly<Record<string, unknown>>>,
): ReviewedTable | null {
  const placed: Array<ReviewedTable['rows'][number]> = [];
  let previous: { pageNumber: number; y: number } | null = null;
  for (const row of rows) {
    const filled = Object.entries(row).filter(([, v]) => v !== null && v !== undefined && v !== '');
    const places: Place[] = filled.flatMap(([column, value]) =>
      placesOf(pages, columnOf(column, value), value)
        .map((place) => ({ column, ...place }))
        .filter((place) => after(place, previous)),
    );
    // The line holding most of the row's columns; the first such line in reading order.
    places.sort((a, b) => a.pageNumber - b.pageNumber || boxCentreY(a.box) - boxCentreY(b.box));
    let best: Place[] = [];
    let bestColumns = 0;
    for (const anchor of places) {
      const onLine = places.filter(
        (p) =>
          p.pageNumber === anchor.pageNumber &&
          Math.abs(boxCentreY(p.box) - boxCentreY(anchor.box)) <= SAME_LINE,
      );
      const columns = new Set(onLine.map((p) => p.column)).size;
      if (columns > bestColumns) {
        best = onLine;
        bestColumns = columns;
      }
    }
    const cells = [...new Map(best.map((p) => [p.column, p])).values()];
    if (cells.length === 0 || cells.length * 2 < filled.length) continue;
    const pageNumber = cells[0].pageNumber;
    const box = unionBox(cells.map((c) => c.box))!;
    placed.push({
      pageNumber,
      box,
      cells: cells.map((c) => ({ column: c.column, box: c.box })),
    });
    previous = { pageNumber, y: boxCentreY(box) };
  }
  return placed.length === 0 ? null : { key, rows: placed };
}
