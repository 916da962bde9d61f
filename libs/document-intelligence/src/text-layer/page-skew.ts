import type { CornerBox } from '@docket/platform';

import { boxCentreX, boxCentreY, boxHeight } from './box-geometry';
import type { TextWord } from './text-layer.types';

/*
 * A scan fed in a degree or three askew: a printed line climbs or falls across the page by
 * more than its own height, so words at its two ends no longer overlap vertically and a line
 * (a table's header, a caption and its answer far right) falls apart into several. The skew is
 * read from the words themselves: neighbours on one printed line step up or down by the same
 * slope. Only grouping uses it; every box stays where it was printed.
 */

/** Below this many degrees a page reads as straight (OCR boxes jitter by about this much). */
const MIN_SKEW_DEGREES = 0.4;
/** Beyond this a page is rotated, not skewed; not corrected here. */
const MAX_SKEW_DEGREES = 6;
/** Word pairs needed before the slope is trusted. */
const MIN_PAIRS = 12;
/**
 * A sparse page (a harsh scan whose table OCR mostly lost: 11 pairs at 1.9-3.3 degrees on one of
 * draw 7019) is trusted with fewer pairs when the middle half of them agree within this many
 * degrees, as on most pages with pairs enough (0.3-1.1 on the draws' scans).
 */
const FEW_PAIRS = 8;
const AGREEING_SPREAD_DEGREES = 1.5;

/**
 * The page's slope (normalised y per normalised x; positive: lines fall to the right), from
 * the median step between each word and its nearest neighbour on the right of about the same
 * height; 0 when the page reads as straight or there are too few pairs to tell.
 */
export function pageSlope(words: readonly TextWord[], aspect: number): number {
  const slopes: number[] = [];
  const sorted = [...words].sort((a, b) => a.box.x0 - b.box.x0);
  for (const [i, word] of sorted.entries()) {
    const height = boxHeight(word.box);
    if (height <= 0) continue;
    let best: TextWord | undefined;
    for (let j = i + 1; j < sorted.length; j += 1) {
      const next = sorted[j];
      // Gaps in x are compared with heights in y: the aspect ratio converts between them.
      if (next.box.x0 - word.box.x1 > 3 * height * aspect) break;
      const ratio = boxHeight(next.box) / height;
      if (ratio < 0.75 || ratio > 1.33 || next.box.x0 < word.box.x1 - height * aspect * 0.3)
        continue;
      if (Math.abs(boxCentreY(next.box) - boxCentreY(word.box)) > height * 0.8) continue;
      if (!best || next.box.x0 < best.box.x0) best = next;
    }
    if (!best) continue;
    const dx = boxCentreX(best.box) - boxCentreX(word.box);
    if (dx > 0) slopes.push((boxCentreY(best.box) - boxCentreY(word.box)) / dx);
  }
  if (slopes.length < FEW_PAIRS) return 0;
  slopes.sort((a, b) => a - b);
  // Degrees on paper: a y step of `slope` page heights per page width.
  const degreesOf = (step: number): number => (Math.atan(step * aspect) * 180) / Math.PI;
  const quarter = Math.floor(slopes.length / 4);
  const spread = degreesOf(slopes[slopes.length - 1 - quarter]) - degreesOf(slopes[quarter]);
  if (slopes.length < MIN_PAIRS && spread > AGREEING_SPREAD_DEGREES) return 0;
  const slope = slopes[Math.floor(slopes.length / 2)];
  const degrees = degreesOf(slope);
  return Math.abs(degrees) < MIN_SKEW_DEGREES || Math.abs(degrees) > MAX_SKEW_DEGREES ? 0 : slope;
}

/** `box` moved up or down by what the skew adds between `fromX` and the box's centre. */
export function levelled(box: CornerBox, fromX: number, slope: number): CornerBox {
  if (slope === 0) return box;
  const dy = slope * (boxCentreX(box) - fromX);
  return { ...box, y0: box.y0 - dy, y1: box.y1 - dy };
}
