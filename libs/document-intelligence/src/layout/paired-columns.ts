import { boxHeight } from '../text-layer/box-geometry';
import type { TextLine, TextSegment } from '../text-layer/line-grouper';
import type { KeyValuePair } from './layout.types';

/*
 * A column of captions with their answers in a column right of them, where some lines mark the
 * caption by a colon or a leader and others do not (a harsh scan of draw 7034 kept the leaders
 * of "Certificate No. ....." and "Data As Of ......" but lost those of "Client  Victor Ortega"
 * and "Issuing Company  Bluewater Indemnity Co." under them): the marked pairs say where the
 * captions and the answers stand, and an unmarked line printed in those columns is a pair too,
 * whatever its answer's print.
 */

/**
 * How far (in the line's heights, top to top) the marked pair may stand above or below: on the
 * next line or the one after, so the columns run on line by line (a table's header two lines
 * under a caption, its phrases where the captions' answers start by chance, on a harsh scan of
 * draw 7033, is no such line).
 */
const NEAR_LINES = 2.5;

/**
 * Whether `caption` and `answer` start where a marked pair's caption and answer start on a line
 * next to theirs. `marked`: the colon and leader pairs, and the lines this rule paired already
 * (the columns run on from them).
 */
export function inPairedColumns(
  caption: TextSegment,
  answer: TextSegment,
  marked: readonly KeyValuePair[],
  line: TextLine,
): boolean {
  const tolerance = line.heightInWidthUnits * 1.5;
  // The phrases' own height: a line's box grows with any speck OCR read on it.
  const height = Math.max(boxHeight(caption.box), boxHeight(answer.box));
  return marked.some(
    ({ key, value }) =>
      value !== null &&
      value.box.y0 < key.box.y1 &&
      Math.abs(key.box.x0 - caption.box.x0) <= tolerance &&
      Math.abs(value.box.x0 - answer.box.x0) <= tolerance &&
      Math.abs(key.box.y0 - caption.box.y0) <= NEAR_LINES * height,
  );
}
