import { makeSegment, type PositionedWord, type TextSegment } from '../text-layer/line-grouper';

/*
 * A cell printed wider than its column runs up to the next column's cell with hardly a gap: a
 * long claim number and the loss date after it ("CLM-2022-743980 October 14, 2024"), a long date
 * and the status after it ("December 12, 2022 Closed"), read as one phrase. A column set flush
 * left still says where its cells start: its caption and the cells of most rows start at one
 * edge. A phrase with a word starting at that edge, after a word ending before it, is two cells.
 */

/** A column's caption, by its left edge. */
export interface ColumnEdge {
  readonly x0: number;
}

/** Words starting this many character widths from an edge start at it. */
const EDGE_TOLERANCE_CHARACTERS = 0.6;

/** The tolerance a line's character width gives an edge. */
export function edgeTolerance(charWidth: number): number {
  return EDGE_TOLERANCE_CHARACTERS * charWidth;
}

/**
 * The left edges of captions (the first column's excepted: nothing runs into it) at which most
 * of the first rows (two at least) have a word starting: columns set flush left under their
 * captions.
 */
export function flushLeftEdges(
  captions: readonly ColumnEdge[],
  rows: ReadonlyArray<readonly TextSegment[]>,
  tolerance: number,
): number[] {
  return captions.slice(1).flatMap(({ x0 }) => {
    const starting = rows.filter((segments) =>
      segments.some((s) => s.words.some((w) => Math.abs(w.box.x0 - x0) <= tolerance)),
    ).length;
    return starting >= 2 && starting * 2 > rows.length ? [x0] : [];
  });
}

/**
 * A phrase cut before each word that starts at one of the edges after a word ending short of it,
 * or right at it (a word the text layer printed glued to the next, cut in two, "2023Open").
 */
export function apartAtEdges(
  segment: TextSegment,
  edges: readonly number[],
  tolerance: number,
): TextSegment[] {
  if (edges.length === 0 || segment.words.length < 2) return [segment];
  const pieces: TextSegment[] = [];
  let current = [segment.words[0]];
  segment.words.slice(1).forEach((word, k) => {
    const before = segment.words[k];
    const atEdge = edges.some(
      (x) => Math.abs(word.box.x0 - x) <= tolerance && before.box.x1 <= word.box.x0,
    );
    if (atEdge) {
      pieces.push(makeSegment(current));
      current = [];
    }
    current.push(word);
  });
  pieces.push(makeSegment(current));
  return pieces;
}

/**
 * The edges after a row is read: each moved to the word of the row starting nearest it, within
 * the tolerance. A page scanned askew shifts its columns' edges a little from row to row (a
 * harsh scan of draw 7024 by 0.017 of the page's width over a loss run's 30 rows, three times
 * the tolerance), so an edge set by the caption alone no longer parts the cells of the lower rows.
 */
export function edgesFollowed(
  edges: readonly number[],
  row: readonly PositionedWord[],
  tolerance: number,
): number[] {
  return edges.map((x) => {
    const starting = row.filter((w) => Math.abs(w.box.x0 - x) <= tolerance);
    if (starting.length === 0) return x;
    const off = (w: PositionedWord): number => Math.abs(w.box.x0 - x);
    return starting.reduce((a, b) => (off(b) < off(a) ? b : a)).box.x0;
  });
}
