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
 * The height of the tallest word reaching from the baseline to a capital's top and no lower
 * (the tallest, so a word set larger, a ticked box, still counts as on a PDF's text layer); the
 * phrase's own box height when no word does (x-height letters or descenders only).
 */
export function printedHeight(segment: Pick<TextSegment, 'words' | 'box'>): number {
  const heights = segment.words
    .filter((w) => REACHES_CAP.test(w.text) && !DESCENDS.test(w.text))
    .map((w) => boxHeight(w.box));
  return heights.length > 0 ? Math.max(...heights) : boxHeight(segment.box);
}
