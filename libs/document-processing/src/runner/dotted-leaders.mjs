/**
 * Dotted leaders ("Date of loss ........ 04/05/2024") before OCR. Tesseract reads a run of dots as
 * a run of junk letters ("cccoeieeeee....") and, reading the whole line as one sequence, often
 * garbles the caption before it and the answer after it too ("Feb 14, 2024" -> "beh 14.2024").
 * Here the dots are found on the grayscale page (small, similar blobs evenly spaced along one
 * baseline), painted over with paper white, and returned as boxes so that the text layer can
 * put each leader back as a word of dots where it was printed, as a PDF's own text has it.
 *
 * Scale-free apart from two pixel caps (a dot is at most MAX_DOT_PX across, at least
 * MIN_DOT_AREA pixels): spacing and alignment are judged relative to the dots themselves, so the
 * same rule holds at any resolution tesseract is given.
 */

import { inkComponents } from './ink-components.mjs';

/** A pixel darker than this is ink. */
const INK_BELOW = 128;
/**
 * Largest dot side in pixels: a full stop of 10-12 pt type is 4-6 px at 200 dpi, blur included;
 * small letters of 8 pt type are 12 px, so they stay out.
 */
const MAX_DOT_PX = 8;
/** A dot is solid: its pixels fill most of its box, where a small letter's strokes do not. */
const MIN_DOT_FILL = 0.45;
/** Smaller blobs are scanner noise, not printed dots. */
const MIN_DOT_AREA = 3;
/** Fewer dots in a row are an ellipsis or punctuation, not a leader. */
const MIN_LEADER_DOTS = 8;
/** Centre-to-centre distance of neighbouring dots, in dot sizes. */
const MIN_PITCH = 1.3;
const MAX_PITCH = 5;
/** A neighbour's spacing may differ this much from the leader's median spacing. */
const PITCH_TOLERANCE = 0.45;

/**
 * @typedef {{ x0: number, y0: number, x1: number, y1: number, area: number, cx: number, cy: number, label: number }} Blob
 * @typedef {{ x0: number, y0: number, x1: number, y1: number, dots: number }} Leader
 */

/**
 * Erases dotted leaders from an 8-bit grayscale image in place.
 * @param {Uint8Array} gray row-major, width * height bytes
 * @param {number} width
 * @param {number} height
 * @returns {Leader[]} the leaders' boxes in pixels (x1, y1 exclusive) and how many dots each had
 */
export function eraseDottedLeaders(gray, width, height) {
  const { labels, blobs } = smallBlobs(gray, width, height);
  const leaders = chainLeaders(blobs);
  for (const leader of leaders) {
    for (const blob of leader.blobs) erase(gray, labels, width, height, blob);
  }
  return leaders.map(({ blobs: dots }) => ({
    x0: Math.min(...dots.map((d) => d.x0)),
    y0: Math.min(...dots.map((d) => d.y0)),
    x1: Math.max(...dots.map((d) => d.x1)),
    y1: Math.max(...dots.map((d) => d.y1)),
    dots: dots.length,
  }));
}

/**
 * Connected ink components (8-neighbourhood) no larger than a dot. Larger components are
 * labelled too (so erasing never touches them) but not returned.
 * @param {Uint8Array} gray
 * @param {number} width
 * @param {number} height
 * @returns {{ labels: Int32Array, blobs: Blob[] }}
 */
function smallBlobs(gray, width, height) {
  const { labels, components } = inkComponents(gray, width, height, INK_BELOW, (blob) => {
    const w = blob.x1 - blob.x0 + 1;
    const h = blob.y1 - blob.y0 + 1;
    const dotShaped = w <= MAX_DOT_PX && h <= MAX_DOT_PX && w <= 2 * h + 1 && h <= 2 * w + 1;
    return dotShaped && blob.area >= MIN_DOT_AREA && blob.area >= MIN_DOT_FILL * w * h;
  });
  const blobs = components.map(({ x0, y0, x1, y1, area, sumX, sumY, label }) => ({
    x0,
    y0,
    x1: x1 + 1,
    y1: y1 + 1,
    area,
    cx: sumX / area,
    cy: sumY / area,
    label,
  }));
  return { labels, blobs };
}

/**
 * Dots chained left to right along one baseline (following a skewed page's drift), split where
 * the spacing breaks; runs of at least MIN_LEADER_DOTS evenly spaced, similar dots are leaders.
 * @param {Blob[]} blobs
 * @returns {{ blobs: Blob[] }[]}
 */
function chainLeaders(blobs) {
  const sorted = [...blobs].sort((a, b) => a.cx - b.cx);
  /** @type {Blob[][]} */
  const chains = [];
  for (const blob of sorted) {
    const size = Math.max(blob.x1 - blob.x0, blob.y1 - blob.y0);
    let best;
    let bestDistance = Infinity;
    for (const chain of chains) {
      const last = chain[chain.length - 1];
      const lastSize = Math.max(last.x1 - last.x0, last.y1 - last.y0, size);
      const dx = blob.cx - last.cx;
      const dy = Math.abs(blob.cy - last.cy);
      if (dx < MIN_PITCH * lastSize * 0.8 || dx > MAX_PITCH * lastSize) continue;
      if (dy > Math.max(1.5, 0.5 * lastSize)) continue;
      if (dx < bestDistance) {
        bestDistance = dx;
        best = chain;
      }
    }
    if (best) best.push(blob);
    else chains.push([blob]);
  }
  return chains.flatMap((chain) => evenRuns(chain)).map((run) => ({ blobs: run }));
}

/**
 * The parts of a chain whose dots are evenly spaced and alike in size, long enough to be leaders.
 * @param {Blob[]} chain
 * @returns {Blob[][]}
 */
function evenRuns(chain) {
  if (chain.length < MIN_LEADER_DOTS) return [];
  const pitches = chain.slice(1).map((blob, i) => blob.cx - chain[i].cx);
  const pitch = median(pitches);
  const area = median(chain.map((blob) => blob.area));
  const runs = [];
  let current = [chain[0]];
  for (let i = 1; i < chain.length; i += 1) {
    const even = Math.abs(pitches[i - 1] - pitch) <= PITCH_TOLERANCE * pitch;
    const alike = chain[i].area <= area * 3 && chain[i].area * 3 >= area;
    if (even && alike) current.push(chain[i]);
    else {
      runs.push(current);
      current = alike ? [chain[i]] : [];
    }
  }
  runs.push(current);
  return runs.filter((run) => run.length >= MIN_LEADER_DOTS);
}

/**
 * Paints a dot and the blurred fringe around it with paper white, leaving any other ink that
 * reaches into the fringe (a neighbouring letter) alone.
 * @param {Uint8Array} gray
 * @param {Int32Array} labels
 * @param {number} width
 * @param {number} height
 * @param {Blob} blob
 */
function erase(gray, labels, width, height, blob) {
  const x0 = Math.max(0, blob.x0 - 1);
  const y0 = Math.max(0, blob.y0 - 1);
  const x1 = Math.min(width, blob.x1 + 1);
  const y1 = Math.min(height, blob.y1 + 1);
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0; x < x1; x += 1) {
      const index = y * width + x;
      if (labels[index] === blob.label || gray[index] >= INK_BELOW) gray[index] = 255;
    }
  }
}

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
