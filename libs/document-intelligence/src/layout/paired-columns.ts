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

/** How far (in the line's heights) a marked pair may stand above or below and still say so. */
const NEAR_LINES = 6;

/** Whether `caption` and `answer` start where a marked pair's caption and answer start nearby. */
export function inPairedColumns(
  caption: TextSegment,
  answer: TextSegment,
  marked: readonly KeyValuePair[],
  line: TextLine,
): boolean {
  const tolerance = line.heightInWidthUnits * 1.5;
  const height = line.box.y1 - line.box.y0;
  return marked.some(
    ({ key, value, arrangement }) =>
      arrangement === 'colon' &&
      value !== null &&
      value.box.y0 < key.box.y1 &&
      Math.abs(key.box.x0 - caption.box.x0) <= tolerance &&
      Math.abs(value.box.x0 - answer.box.x0) <= tolerance &&
      Math.abs(key.box.y0 - caption.box.y0) <= NEAR_LINES * height,
  );
}
