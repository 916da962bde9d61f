import { boxHeight } from '../text-layer/box-geometry';
import type { TextSegment } from '../text-layer/line-grouper';

/*
 * How large a phrase is printed, comparable between phrases whatever letters they hold. A PDF's
 * own text gives every word of a font the same box, but OCR (and hand-drawn annotations) draw
 * boxes tight around the glyphs: a sentence with descenders ("Supply line ...") comes back a
 * third taller than a caption in capitals ("DETAILS") set in the same font, and read as
 * written larger, an answer in a form's box. The height of the words that reach from the
 * baseline to the top of a capital, and no lower, is the same for both.
 */

/** A capital, a digit or a letter with an ascender: the word reaches the top of a capital. */
const REACHES_CAP = /[\p{Lu}\p{N}bdfhklt]/u;
/** Letters and marks that reach below the baseline. */
const DESCENDS = /[gjpqy,;()[\]{}|/@$§µ]/;

/**
 * A phrase with words reaching below the baseline: the median height of its words that reach
 * from the baseline to a capital's top and no lower. Any other phrase (and one without such
 * words): its own box's height, as before, so a word set larger, a ticked box, and the climb of
 * a skewed scan's line still count.
 */
export function printedHeight(segment: Pick<TextSegment, 'words' | 'box'>): number {
  if (!segment.words.some((w) => DESCENDS.test(w.text))) return boxHeight(segment.box);
  const heights = segment.words
    .filter((w) => REACHES_CAP.test(w.text) && !DESCENDS.test(w.text))
    .map((w) => boxHeight(w.box))
    .sort((a, b) => a - b);
  if (heights.length === 0) return boxHeight(segment.box);
  const mid = Math.floor(heights.length / 2);
  return heights.length % 2 === 1 ? heights[mid] : (heights[mid - 1] + heights[mid]) / 2;
}
