import type { PositionedWord, TextSegment } from '../text-layer/line-grouper';
import { hasValueSignal } from './layout-text';

/*
 * One caption printed in pieces far enough apart to read as two phrases of the header line:
 * "Part / Labor" with its slash dropped as a scan's speck leaves a gap as wide as a gutter, and
 * the header seems to hold a "Part" column and a "Labor" column. The rows under it say
 * otherwise: their text runs across both pieces ("Hazardous waste disposal" from under "Part"
 * to past "Labor") and never holds two phrases, one under each. Such neighbouring captions are
 * one column.
 */

export interface CaptionColumn {
  readonly x0: number;
  readonly x1: number;
  readonly header: PositionedWord[];
}

function under(segment: TextSegment, column: CaptionColumn): boolean {
  return segment.box.x0 < column.x1 && column.x0 < segment.box.x1;
}

/**
 * Whether the rows read the two neighbouring captions as one column: no row holds a phrase
 * under one and another under the other, and most rows holding text there (two at least) run
 * one phrase of text, no figure, across both.
 */
function oneColumn(
  left: CaptionColumn,
  right: CaptionColumn,
  rows: ReadonlyArray<readonly TextSegment[]>,
): boolean {
  let across = 0;
  let holding = 0;
  for (const segments of rows) {
    const there = segments.filter((s) => under(s, left) || under(s, right));
    if (there.length === 0) continue;
    holding += 1;
    const onlyLeft = there.some((s) => under(s, left) && !under(s, right));
    const onlyRight = there.some((s) => under(s, right) && !under(s, left));
    if (onlyLeft && onlyRight) return false;
    if (there.some((s) => under(s, left) && under(s, right) && !hasValueSignal(s.text)))
      across += 1;
  }
  return across >= 2 && across * 2 > holding;
}

/** The header's columns with the pieces of one caption, told by the rows under them, joined. */
export function joinCaptionPieces<C extends CaptionColumn>(
  columns: readonly C[],
  rows: ReadonlyArray<readonly TextSegment[]>,
): C[] {
  const joined: C[] = [];
  for (const column of columns) {
    const previous = joined[joined.length - 1];
    if (previous && oneColumn(previous, column, rows)) {
      joined[joined.length - 1] = {
        ...previous,
        x1: Math.max(previous.x1, column.x1),
        header: [...previous.header, ...column.header],
      };
    } else joined.push(column);
  }
  return joined;
}
