import { upperMedian } from '../common/upper-median';
import type { PositionedWord, TextSegment } from '../text-layer/line-grouper';
import { overlapShare } from './figure-columns';
import { hasValueSignal } from './layout-text';

/*
 * A harsh scan of draw 7024 lost a declarations table's last caption (`COST`) to noise while
 * its figures stood in every row: the rows' premiums then fitted no column, the table under the
 * header ended at its second row, and only a table read without a header was left, whose
 * premiums no column of the configuration took. A column of figures the rows under a header
 * hold side by side with the captioned ones, with no caption over it, is a column whose caption
 * was lost: it is kept, captionless, so that its cells are read and placed by what they hold.
 */

/** A column as the table detector keeps it: its span and its caption's words. */
export interface CaptionedSpan {
  readonly x0: number;
  readonly x1: number;
  readonly header: PositionedWord[];
}

/** Rows under the header that must hold the figures: a column of few rows is no column. */
const MIN_ROWS = 2;

/** How much of the narrower of two figures' spans they share to stand in one column. */
const SAME_COLUMN_OVERLAP = 0.3;

/**
 * The columns with a captionless one added for each run of figures that fits no captioned
 * column, stands in one column (their spans overlapping) in most of the first rows (two at
 * least), and holds figures in every row it appears in. `fits` says which column a phrase
 * falls under (-1 for none).
 */
export function withUncaptionedColumns<C extends CaptionedSpan>(
  columns: readonly C[],
  rows: ReadonlyArray<readonly TextSegment[]>,
  fits: (segment: TextSegment) => number,
  captionless: (x0: number, x1: number) => C,
): C[] {
  const loose = rows.map((segments) => segments.filter((s) => fits(s) < 0));
  const groups: TextSegment[][] = [];
  for (const segments of loose) {
    for (const segment of segments) {
      const group = groups.find((g) =>
        g.some((s) => overlapShare(s.box, segment.box) >= SAME_COLUMN_OVERLAP),
      );
      if (group) group.push(segment);
      else groups.push([segment]);
    }
  }
  const filled = rows.filter((segments) => segments.length > 0).length;
  const added = groups
    .filter(
      (group) =>
        group.length >= MIN_ROWS &&
        group.length * 2 > filled &&
        group.every((s) => hasValueSignal(s.text) && /\d/.test(s.text)) &&
        new Set(group.map((s) => loose.findIndex((segments) => segments.includes(s)))).size ===
          group.length,
    )
    .map((group) =>
      captionless(upperMedian(group.map((s) => s.box.x0)), upperMedian(group.map((s) => s.box.x1))),
    );
  return added.length === 0 ? [...columns] : [...columns, ...added].sort((a, b) => a.x0 - b.x0);
}
