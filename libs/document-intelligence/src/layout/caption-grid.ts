import { boxHeight } from '../text-layer/box-geometry';
import type { TextLine, TextSegment } from '../text-layer/line-grouper';
import { captionShaped, COLON_END, hasValueSignal } from './layout-text';

/*
 * Grids of captions and answers printed without colons, found alike by the key-value detector
 * (which pairs them) and the table detector (which must not read their rows as a table).
 */

export interface GridLine {
  readonly line: TextLine;
  readonly segments: readonly TextSegment[];
}

/** A line that may be a row of a caption/answer grid: captions at even places, answers between. */
function gridRow(parts: GridLine, isFree: (segment: TextSegment) => boolean): boolean {
  const { segments } = parts;
  return (
    segments.length >= 2 &&
    segments.length % 2 === 0 &&
    segments.every(
      (s, k) =>
        isFree(s) &&
        !COLON_END.test(s.words[s.words.length - 1]?.text ?? '') &&
        (k % 2 === 1 || (captionShaped(s.text) && !hasValueSignal(s.text))),
    )
  );
}

/** The next line continues the grid: close under it, its columns starting where these do. */
function continuesGrid(above: GridLine, below: GridLine): boolean {
  if (below.line.pageNumber !== above.line.pageNumber) return false;
  if (below.line.box.y0 - above.line.box.y1 > 1.5 * boxHeight(above.line.box)) return false;
  const tolerance = above.line.heightInWidthUnits * 1.5;
  const shared = Math.min(above.segments.length, below.segments.length);
  return above.segments
    .slice(0, shared)
    .every((s, k) => Math.abs(s.box.x0 - below.segments[k].box.x0) <= tolerance);
}

/**
 * Grids of captions and answers without colons ("Our Ref  2426576NR" / "Nature of Loss  Fire" /
 * ..., in one or two column pairs): consecutive lines with captions at even places and answers
 * after them, aligned from line to line, where some answer column mostly holds values. The
 * column then says what an answer is, even one that reads like a caption ("Fire", "Jennifer
 * Castillo"). A first line with no value anywhere may be a table's header and is left out.
 */
export function gridRuns(
  parts: readonly GridLine[],
  isFree: (segment: TextSegment) => boolean,
): number[][] {
  const runs: number[][] = [];
  let run: number[] = [];
  const close = (): void => {
    const first = run[0];
    if (first !== undefined && !parts[first].segments.some((s) => hasValueSignal(s.text))) {
      run = run.slice(1);
    }
    const answersAreValues = [1, 3, 5].some((k) => {
      const answers = run.map((i) => parts[i].segments[k]).filter((s) => s !== undefined);
      const values = answers.filter((s) => hasValueSignal(s.text)).length;
      return values >= 2 && values * 2 >= answers.length;
    });
    if (run.length >= 2 && answersAreValues) runs.push(run);
    run = [];
  };
  parts.forEach((line, index) => {
    if (!gridRow(line, isFree)) return close();
    const previous = run[run.length - 1];
    if (previous !== undefined && !continuesGrid(parts[previous], line)) close();
    run.push(index);
  });
  close();
  return runs;
}
