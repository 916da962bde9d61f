/**
 * Lone specks erased before OCR. A noisy low-resolution scan (a fax, a 150-dpi page with heavy
 * noise and JPEG artefacts) carries hundreds of dark specks per page; enlarged for OCR and
 * thresholded per neighbourhood, each is a dot that tesseract reads as ":", ".", "i" or "©"
 * beside captions and answers, where the text layer takes it for a word of the line. A speck
 * is told from print by being small and alone: a full stop, a decimal point, a colon's dots and
 * an i's dot all stand within a letter's width of other ink, while a speck in the paper between
 * fields has none near it. Only such lone small dots are painted paper white.
 *
 * Scale-free: sizes are shares of the page's width, so the same rule holds at any resolution
 * tesseract is given.
 */

import { inkComponents } from './ink-components.mjs';

/** A pixel darker than this is ink. */
const INK_BELOW = 175;
/** Largest speck, either side, as a share of the page's width (about 1/50 inch). */
const MAX_SPECK_SHARE = 1 / 425;
/**
 * Clear paper a speck must have on every side, as a share of the page's width (about 1/20 inch,
 * more than the gap between a full stop and its word, or between a colon's two dots).
 */
const CLEAR_SHARE = 1 / 170;
/** Paper white a speck is painted with. */
const PAPER = 255;

/**
 * Paints lone specks of ink paper white, in place.
 * @param {Uint8Array} gray row-major, width * height bytes
 * @param {number} width
 * @param {number} height
 * @returns {number} specks erased
 */
export function eraseLoneSpecks(gray, width, height) {
  const maxSide = Math.max(1, Math.round(width * MAX_SPECK_SHARE));
  const clear = Math.max(2, Math.round(width * CLEAR_SHARE));
  const specks = smallComponents(gray, width, height, maxSide);
  let erased = 0;
  for (const speck of specks) {
    if (!alone(gray, width, height, speck, clear)) continue;
    for (let y = speck.y0; y <= speck.y1; y += 1) {
      for (let x = speck.x0; x <= speck.x1; x += 1) {
        if (gray[y * width + x] < INK_BELOW) gray[y * width + x] = PAPER;
      }
    }
    erased += 1;
  }
  return erased;
}

/** Boxes of the blobs of ink no larger than maxSide either way (inclusive bounds). */
function smallComponents(gray, width, height, maxSide) {
  return inkComponents(
    gray,
    width,
    height,
    INK_BELOW,
    (blob) => blob.x1 - blob.x0 < maxSide && blob.y1 - blob.y0 < maxSide,
  ).components;
}

/** No ink within `clear` pixels of the speck's box but its own. */
function alone(gray, width, height, speck, clear) {
  const left = Math.max(0, speck.x0 - clear);
  const right = Math.min(width - 1, speck.x1 + clear);
  const top = Math.max(0, speck.y0 - clear);
  const bottom = Math.min(height - 1, speck.y1 + clear);
  for (let y = top; y <= bottom; y += 1) {
    const inside = y >= speck.y0 && y <= speck.y1;
    const row = y * width;
    for (let x = left; x <= right; x += 1) {
      if (inside && x >= speck.x0 && x <= speck.x1) continue;
      if (gray[row + x] < INK_BELOW) return false;
    }
  }
  return true;
}
