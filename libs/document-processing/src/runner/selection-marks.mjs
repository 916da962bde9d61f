/**
 * Tick boxes before OCR ("☑ Yes  ☐ No"). Tesseract reads a small printed square as a letter
 * ("J No", "JNo") and the mark inside it as nothing at all: on the scans of draw 7032 the X in
 * the box before "Yes" vanished on every page, and the answer with it, while the PDF's own text
 * has the X. Here boxes are found on the grayscale page (a blob whose four sides are solid lines
 * of ink, square and about a letter high), told ticked or empty by the ink inside them, painted
 * over with paper white and returned, so that the text layer puts each back as a word ("☑" or
 * "☐") where it was printed, as the engine reads tick boxes in any text.
 *
 * Scale-free: sizes are shares of the page's width, ink shares of the box's own area.
 */

import { inkComponents } from './ink-components.mjs';

/** A pixel darker than this is ink (a scan's one-pixel rule blurs to 100-150). */
const INK_BELOW = 160;
/**
 * A box's side as a share of the page's width: 6-14 pt boxes on a letter page run from about
 * 1/100 to 1/45; a letter of body text is narrower than the low end, a table cell wider than
 * the high end.
 */
const MIN_SIDE_SHARE = 1 / 110;
const MAX_SIDE_SHARE = 1 / 35;
/** Width over height of a square, as skew and blur leave it. */
const MAX_ASPECT = 1.3;
/** Depth of a side, as a share of the box's side, within which its line of ink must lie. */
const SIDE_DEPTH = 0.2;
/**
 * Share of each side's length its line of ink must cover: a printed box is closed all round,
 * where a letter's outline (O, D, 0) leaves its corners open.
 */
const MIN_SIDE_COVER = 0.9;
/** Inset of the inside looked at for a mark, as a share of the box's side (clear of the lines). */
const INSIDE_INSET = 0.25;
/**
 * Clear paper each side of a box, as a share of its side: a box stands apart from the words
 * beside it, where a letter OCR'd small and bold (a blurred "a" inside "Manhattan" on FUNSD's
 * ~100-dpi forms, enlarged) touches its neighbours.
 */
const CLEAR_SIDE = 0.3;
/** Most ink in the clear margins, as a share of their area (a scan's stray specks). */
const MARGIN_SPECKS = 0.02;
/** Most ink over the whole box: a box is lines and a mark, not a solid blob. */
const MAX_BOX_INK = 0.6;
/** Share of the inside inked at least for a ticked box (an X's strokes fill a fifth or more). */
const TICKED_INK = 0.1;
/** Share of the inside inked at most for an empty box (a scan's stray specks). */
const EMPTY_INK = 0.03;

/**
 * @typedef {{ x0: number, y0: number, x1: number, y1: number, ticked: boolean }} SelectionMark
 *   a box in pixels (x1, y1 exclusive)
 */

/**
 * Finds tick boxes on an 8-bit grayscale image and erases them, marks and all, in place.
 * Boxes whose inside is neither clearly empty nor clearly marked are left for OCR.
 * @param {Uint8Array} gray row-major, width * height bytes
 * @param {number} width
 * @param {number} height
 * @returns {SelectionMark[]}
 */
export function eraseSelectionMarks(gray, width, height) {
  const minSide = Math.max(6, width * MIN_SIDE_SHARE);
  const maxSide = width * MAX_SIDE_SHARE;
  const { labels, components } = inkComponents(gray, width, height, INK_BELOW, (blob) => {
    const w = blob.x1 - blob.x0 + 1;
    const h = blob.y1 - blob.y0 + 1;
    return (
      w >= minSide &&
      h >= minSide &&
      w <= maxSide &&
      h <= maxSide &&
      w <= MAX_ASPECT * h &&
      h <= MAX_ASPECT * w
    );
  });
  /** @type {SelectionMark[]} */
  const marks = [];
  for (const blob of components) {
    const area = (blob.x1 - blob.x0 + 1) * (blob.y1 - blob.y0 + 1);
    if (blob.area > MAX_BOX_INK * area || !closedAllRound(labels, width, blob)) continue;
    if (!clearBeside(gray, width, blob)) continue;
    const ink = insideInk(gray, width, blob);
    if (ink > EMPTY_INK && ink < TICKED_INK) continue;
    erase(gray, width, height, blob);
    marks.push({
      x0: blob.x0,
      y0: blob.y0,
      x1: blob.x1 + 1,
      y1: blob.y1 + 1,
      ticked: ink >= TICKED_INK,
    });
  }
  return marks;
}

/**
 * Each of the blob's four sides has its own ink along nearly all its length, within a fifth of
 * the box from the edge.
 * @param {Int32Array} labels
 * @param {number} width
 * @param {import('./ink-components.mjs').InkComponent} blob
 */
function closedAllRound(labels, width, blob) {
  const w = blob.x1 - blob.x0 + 1;
  const h = blob.y1 - blob.y0 + 1;
  const depthX = Math.max(1, Math.round(SIDE_DEPTH * w));
  const depthY = Math.max(1, Math.round(SIDE_DEPTH * h));
  const own = (x, y) => labels[y * width + x] === blob.label;
  const covered = (length, depth, at) => {
    let hits = 0;
    for (let i = 0; i < length; i += 1) {
      for (let d = 0; d < depth; d += 1) {
        if (at(i, d)) {
          hits += 1;
          break;
        }
      }
    }
    return hits >= MIN_SIDE_COVER * length;
  };
  return (
    covered(w, depthY, (i, d) => own(blob.x0 + i, blob.y0 + d)) &&
    covered(w, depthY, (i, d) => own(blob.x0 + i, blob.y1 - d)) &&
    covered(h, depthX, (i, d) => own(blob.x0 + d, blob.y0 + i)) &&
    covered(h, depthX, (i, d) => own(blob.x1 - d, blob.y0 + i))
  );
}

/**
 * Paper left and right of the box over its height, but for a few specks.
 * @param {Uint8Array} gray
 * @param {number} width
 * @param {import('./ink-components.mjs').InkComponent} blob
 */
function clearBeside(gray, width, blob) {
  const margin = Math.max(2, Math.round(CLEAR_SIDE * (blob.x1 - blob.x0 + 1)));
  let ink = 0;
  let all = 0;
  for (let y = blob.y0; y <= blob.y1; y += 1) {
    for (let d = 1; d <= margin; d += 1) {
      for (const x of [blob.x0 - d, blob.x1 + d]) {
        if (x < 0 || x >= width) continue;
        all += 1;
        if (gray[y * width + x] < INK_BELOW) ink += 1;
      }
    }
  }
  return ink <= MARGIN_SPECKS * all;
}

/**
 * Share of the box's inside (inset clear of its lines) that is ink, whatever blob it belongs
 * to: a mark drawn inside without touching the lines is a blob of its own.
 * @param {Uint8Array} gray
 * @param {number} width
 * @param {import('./ink-components.mjs').InkComponent} blob
 */
function insideInk(gray, width, blob) {
  const insetX = Math.ceil(INSIDE_INSET * (blob.x1 - blob.x0 + 1));
  const insetY = Math.ceil(INSIDE_INSET * (blob.y1 - blob.y0 + 1));
  let ink = 0;
  let all = 0;
  for (let y = blob.y0 + insetY; y <= blob.y1 - insetY; y += 1) {
    for (let x = blob.x0 + insetX; x <= blob.x1 - insetX; x += 1) {
      all += 1;
      if (gray[y * width + x] < INK_BELOW) ink += 1;
    }
  }
  return all === 0 ? 0 : ink / all;
}

/**
 * Paints the box and everything inside it with paper white, and a pixel's fringe round it.
 * @param {Uint8Array} gray
 * @param {number} width
 * @param {number} height
 * @param {import('./ink-components.mjs').InkComponent} blob
 */
function erase(gray, width, height, blob) {
  const x0 = Math.max(0, blob.x0 - 1);
  const y0 = Math.max(0, blob.y0 - 1);
  const x1 = Math.min(width - 1, blob.x1 + 1);
  const y1 = Math.min(height - 1, blob.y1 + 1);
  for (let y = y0; y <= y1; y += 1) {
    for (let x = x0; x <= x1; x += 1) gray[y * width + x] = 255;
  }
}
