/**
 * A second OCR pass over what the page's first reading missed or doubted (issue 28, item 1).
 *
 * Tesseract's automatic page segmentation reads a form's captions and prose well but drops
 * answers typed or written on underlines and in boxes (it takes ruled blocks for pictures), and
 * reads some words with little confidence. After the first reading, this finds
 * - unread ink: lines of letter-sized blobs of ink that no word box covers, and
 * - doubtful words: runs of words on one line read with low confidence,
 * and each such region is read again on its own, cut out on white paper, as one line of text
 * (PSM 7). The readings are merged: words are added where none were read, and a doubtful run is
 * replaced only when the second reading is clearly more confident. Words of the second pass
 * must reach a confidence floor and hold a letter or a digit, and carry no more than a doubtful
 * word's confidence; the text layer's noise filter still judges them as it judges every OCR
 * word.
 *
 * Scale-free: sizes are taken from the height of the words the first pass read with
 * confidence, so the same rules hold at any resolution tesseract is given.
 */

import { inkComponents } from './ink-components.mjs';

/** A pixel darker than this is ink. */
const INK_BELOW = 160;
/** Words read at least this confident tell the page's letter height. */
const SURE_CONFIDENCE = 80;
/**
 * A first-pass word below this confidence is doubtful: on FUNSD's training forms two in three
 * such words are wrong, against one in twenty from 90 up.
 */
export const DOUBTFUL_BELOW = 70;
/** A word of the second pass is kept only from this confidence up. */
export const SECOND_PASS_FLOOR = 70;
/**
 * The confidence a word of the second pass carries at most. Read again on its own, a region
 * comes back with high confidence far more often than it comes back right: on FUNSD's training
 * forms fewer than half of the words the second pass added or put in were right (27 of 68),
 * where nineteen in twenty first-pass words of the same confidence are. Carried as sure, they
 * would send wrong values through unflagged; carried as doubtful as they are, the fields read
 * from them stay flagged.
 */
export const SECOND_PASS_CONFIDENCE = 60;
/** A doubtful run is replaced only when the second reading is this much more confident. */
const REPLACE_MARGIN = 15;
/** Runs of doubtful words the noise filter takes for texture (ocr-noise-filter.ts). */
const TEXTURE_RUN = 4;
const TEXTURE_CONFIDENCE = 30;
/** Most regions read again per page, the ones holding most ink first. */
export const MAX_REGIONS = 30;
/** Most lines read again under slivers per page: a column of figures, one a row. */
export const MAX_SLIVER_REGIONS = 40;
/** A doubtful word this many letter heights tall stands across several lines of print. */
const SLIVER_LETTERS = 2.5;
/**
 * Its box at most this share of its height wide: a column, not a word. A word written large by
 * hand is as tall, and wider than tall (FUNSD's `Sparrow`, read at 0.56, is no sliver).
 */
const SLIVER_WIDTH = 0.5;

/**
 * @typedef {{ x0: number, y0: number, x1: number, y1: number }} Box
 * @typedef {{ text: string, bbox: Box, confidence: number }} OcrWord
 * @typedef {object} Region a part of the page to read again
 * @property {Box} box inclusive bounds of its ink (unread) or its words (doubtful)
 * @property {'unread' | 'doubtful' | 'under-sliver'} kind
 * @property {number[]} replaces indexes of the first-pass words it stands for (doubtful)
 * @property {number} ink ink pixels (unread) or the run's width (doubtful): its rank
 */

/**
 * The page's letter height: the median height of the words read with confidence, or a
 * hundredth of the page's width when too few were.
 * @param {OcrWord[]} words
 * @param {number} width
 */
export function letterHeight(words, width) {
  const heights = words
    .filter((word) => word.confidence >= SURE_CONFIDENCE && /[\p{L}\p{N}]/u.test(word.text))
    .map((word) => word.bbox.y1 - word.bbox.y0)
    .sort((a, b) => a - b);
  if (heights.length < 5) return Math.max(8, width / 100);
  return Math.max(4, heights[Math.floor(heights.length / 2)]);
}

/**
 * A first-pass word that is no reading of print but of a column of it: a narrow column of
 * figures (an invoice's quantities, one digit a row) that the automatic segmentation took for
 * one word several rows tall, read doubtfully as junk (`HORNED`, `NN`, `RENE` on a harsh scan of
 * draw 7023, boxes a fifth as wide as they are tall). It covers the figures under it, so they
 * are read again as unread ink, and it is dropped when they are.
 * @param {OcrWord} word
 * @param {number} letter the page's letter height
 */
export function isSliver(word, letter) {
  const height = word.bbox.y1 - word.bbox.y0;
  return (
    word.confidence < DOUBTFUL_BELOW &&
    height >= letter * SLIVER_LETTERS &&
    word.bbox.x1 - word.bbox.x0 <= height * SLIVER_WIDTH
  );
}

/**
 * The regions of a page worth reading again, most ink first, at most MAX_REGIONS; then the
 * lines of ink under slivers (isSliver), at most MAX_SLIVER_REGIONS, in a budget of their own so
 * that a page's other regions are read as they would be without them.
 * @param {Uint8Array} gray the prepared page, row-major, width * height bytes
 * @param {number} width
 * @param {number} height
 * @param {OcrWord[]} words the first reading, on the same pixels
 * @param {number} [letter] the page's letter height (letterHeight), when the caller has it
 * @returns {Region[]}
 */
export function secondPassRegions(gray, width, height, words, letter = letterHeight(words, width)) {
  const regions = [
    ...unreadRegions(gray, width, height, words, letter),
    ...doubtfulRegions(words).map((region) => ({
      ...region,
      box: grownBox(region.box, letter, width, height),
    })),
  ];
  return [
    ...regions.sort((a, b) => b.ink - a.ink).slice(0, MAX_REGIONS),
    ...underSlivers(gray, width, height, words, letter).slice(0, MAX_SLIVER_REGIONS),
  ];
}

/**
 * Lines of ink under slivers, top to bottom: what the first reading would have read as unread
 * ink had the sliver not covered it.
 * @param {Uint8Array} gray
 * @param {number} width
 * @param {number} height
 * @param {OcrWord[]} words
 * @param {number} letter the page's letter height
 * @returns {Region[]}
 */
export function underSlivers(gray, width, height, words, letter) {
  const slivers = words.filter((word) => isSliver(word, letter));
  if (slivers.length === 0) return [];
  const print = words.filter((word) => !isSliver(word, letter));
  return unreadRegions(gray, width, height, print, letter)
    .filter((region) => slivers.some((sliver) => centreWithin(region.box, sliver.bbox)))
    .sort((a, b) => a.box.y0 - b.box.y0)
    .map((region) => ({ ...region, kind: 'under-sliver' }));
}

/**
 * A doubted word's box as it is read again: the box may clip its first or last letter (read
 * badly, it was boxed badly), so a quarter letter of the page around it is taken too, an eighth
 * above and below, within the page.
 * @param {Box} box
 * @param {number} letter the page's letter height
 * @param {number} width
 * @param {number} height
 * @returns {Box}
 */
export function grownBox(box, letter, width, height) {
  return {
    x0: Math.max(0, Math.floor(box.x0 - letter / 4)),
    y0: Math.max(0, Math.floor(box.y0 - letter / 8)),
    x1: Math.min(width - 1, Math.ceil(box.x1 + letter / 4)),
    y1: Math.min(height - 1, Math.ceil(box.y1 + letter / 8)),
  };
}

/**
 * Lines of letter-sized ink no word covers.
 * @param {Uint8Array} gray
 * @param {number} width
 * @param {number} height
 * @param {OcrWord[]} words
 * @param {number} letter the page's letter height
 * @returns {Region[]}
 */
export function unreadRegions(gray, width, height, words, letter) {
  const covered = coverage(words, width, height, Math.round(letter / 4));
  const minHeight = Math.max(3, letter * 0.35);
  const maxHeight = letter * 2.5;
  const { components } = inkComponents(gray, width, height, INK_BELOW, (blob) => {
    const blobHeight = blob.y1 - blob.y0 + 1;
    const blobWidth = blob.x1 - blob.x0 + 1;
    if (blobHeight < minHeight || blobHeight > maxHeight || blobWidth > letter * 12) return false;
    const cx = Math.round(blob.sumX / blob.area);
    const cy = Math.round(blob.sumY / blob.area);
    return covered[cy * width + cx] === 0 && blob.area >= minHeight * 2;
  });
  return lines(components, letter)
    .filter((line) => line.y1 - line.y0 + 1 >= letter * 0.5)
    .filter((line) => line.x1 - line.x0 + 1 >= letter * 0.4)
    .map((line) => ({
      box: { x0: line.x0, y0: line.y0, x1: line.x1, y1: line.y1 },
      kind: 'unread',
      replaces: [],
      ink: line.ink,
    }));
}

/** 1 over every pixel of a word's box grown by `pad`, 0 elsewhere. */
function coverage(words, width, height, pad) {
  const covered = new Uint8Array(width * height);
  for (const { bbox } of words) {
    const x0 = Math.max(0, Math.floor(bbox.x0) - pad);
    const x1 = Math.min(width - 1, Math.ceil(bbox.x1) + pad);
    const y0 = Math.max(0, Math.floor(bbox.y0) - pad);
    const y1 = Math.min(height - 1, Math.ceil(bbox.y1) + pad);
    for (let y = y0; y <= y1; y += 1) covered.fill(1, y * width + x0, y * width + x1 + 1);
  }
  return covered;
}

/**
 * Blobs joined into lines: left to right, a blob joins a line whose right end is within a
 * letter's height and whose rows overlap half its own.
 */
function lines(components, letter) {
  const gap = letter * 1.2;
  const sorted = [...components].sort((a, b) => a.x0 - b.x0);
  /** @type {{ x0: number, y0: number, x1: number, y1: number, ink: number }[]} */
  const open = [];
  const done = [];
  for (const blob of sorted) {
    for (let at = open.length - 1; at >= 0; at -= 1) {
      if (open[at].x1 + gap < blob.x0) done.push(...open.splice(at, 1));
    }
    const blobHeight = blob.y1 - blob.y0 + 1;
    const line = open.find((candidate) => {
      const overlap = Math.min(candidate.y1, blob.y1) - Math.max(candidate.y0, blob.y0) + 1;
      return overlap >= blobHeight / 2 && candidate.y1 - candidate.y0 < letter * 2.5;
    });
    if (line === undefined) {
      open.push({ x0: blob.x0, y0: blob.y0, x1: blob.x1, y1: blob.y1, ink: blob.area });
      continue;
    }
    line.x1 = Math.max(line.x1, blob.x1);
    line.y0 = Math.min(line.y0, blob.y0);
    line.y1 = Math.max(line.y1, blob.y1);
    line.ink += blob.area;
  }
  return [...done, ...open];
}

/**
 * Runs of doubtful words on one line (each next word starts within two letter heights of the
 * last and shares its rows).
 * @param {OcrWord[]} words
 * @returns {Region[]}
 */
export function doubtfulRegions(words, doubtfulBelow = DOUBTFUL_BELOW) {
  /** @type {Region[]} */
  const regions = [];
  let run;
  words.forEach((word, index) => {
    const doubtful = word.confidence < doubtfulBelow && word.text.trim() !== '';
    if (!doubtful) {
      run = undefined;
      return;
    }
    const { bbox } = word;
    const wordHeight = bbox.y1 - bbox.y0;
    if (
      run !== undefined &&
      bbox.x0 >= run.box.x0 &&
      bbox.x0 - run.box.x1 <= wordHeight * 2 &&
      Math.min(run.box.y1, bbox.y1) - Math.max(run.box.y0, bbox.y0) >= wordHeight / 2
    ) {
      run.box = {
        x0: run.box.x0,
        y0: Math.min(run.box.y0, bbox.y0),
        x1: Math.max(run.box.x1, bbox.x1),
        y1: Math.max(run.box.y1, bbox.y1),
      };
      run.replaces.push(index);
      run.ink = run.box.x1 - run.box.x0;
      return;
    }
    run = { box: { ...bbox }, kind: 'doubtful', replaces: [index], ink: bbox.x1 - bbox.x0 };
    regions.push(run);
  });
  return regions.filter((region) => !texture(region.replaces.map((index) => words[index])));
}

/**
 * A run the text layer's noise filter drops as texture read as junk (text-layer/
 * ocr-noise-filter.ts: at least four words, their median confidence under 30). Not read again:
 * a second reading that happened to be confident would carry the junk past the filter.
 */
function texture(run) {
  if (run.length < TEXTURE_RUN) return false;
  const confidences = run.map((word) => word.confidence).sort((a, b) => a - b);
  return confidences[Math.floor(confidences.length / 2)] < TEXTURE_CONFIDENCE;
}

/**
 * A region cut out on white paper, as a PGM tesseract reads: only the region's own pixels are
 * copied, a margin of paper around them, enlarged `scale` times (nearest pixel).
 * @param {Uint8Array} gray
 * @param {number} width
 * @param {Box} box inclusive
 * @param {number} margin paper around the region, in page pixels
 * @param {number} scale
 * @returns {{ pgm: Buffer, origin: { x: number, y: number }, scale: number }}
 */
export function cropRegion(gray, width, box, margin, scale) {
  const regionWidth = box.x1 - box.x0 + 1;
  const regionHeight = box.y1 - box.y0 + 1;
  const cropWidth = Math.round((regionWidth + 2 * margin) * scale);
  const cropHeight = Math.round((regionHeight + 2 * margin) * scale);
  const header = Buffer.from(`P5\n${cropWidth} ${cropHeight}\n255\n`, 'ascii');
  const pixels = Buffer.alloc(cropWidth * cropHeight, 255);
  for (let y = 0; y < cropHeight; y += 1) {
    const pageY = Math.floor(y / scale) - margin + box.y0;
    if (pageY < box.y0 || pageY > box.y1) continue;
    for (let x = 0; x < cropWidth; x += 1) {
      const pageX = Math.floor(x / scale) - margin + box.x0;
      if (pageX < box.x0 || pageX > box.x1) continue;
      pixels[y * cropWidth + x] = gray[pageY * width + pageX];
    }
  }
  return {
    pgm: Buffer.concat([header, pixels]),
    origin: { x: box.x0 - margin, y: box.y0 - margin },
    scale,
  };
}

/**
 * Words read on a crop, back on the page's pixels.
 * @param {OcrWord[]} words
 * @param {{ origin: { x: number, y: number }, scale: number }} crop
 * @returns {OcrWord[]}
 */
export function onPage(words, { origin, scale }) {
  return words.map((word) => ({
    text: word.text,
    confidence: word.confidence,
    bbox: {
      x0: origin.x + word.bbox.x0 / scale,
      y0: origin.y + word.bbox.y0 / scale,
      x1: origin.x + word.bbox.x1 / scale,
      y1: origin.y + word.bbox.y1 / scale,
    },
  }));
}

/** A word worth keeping from the second pass. */
function worthKeeping(word) {
  return word.confidence >= SECOND_PASS_FLOOR && /[\p{L}\p{N}]/u.test(word.text);
}

/** A figure: digits and a figure's signs only ("2", "7.5", "$1,200.00"). */
const FIGURE = /^[$€£(]?\d[\d.,/-]*%?\)?$/;

/**
 * The first reading with the second merged in: an unread region's words are added when every
 * one of them reaches the floor (a line read half in junk is junk); a doubtful run is replaced
 * when the second reading reaches the floor throughout, its least confident word beats the
 * run's mean confidence by REPLACE_MARGIN, and it reads other text. Words put in carry at most
 * SECOND_PASS_CONFIDENCE. Under a sliver (isSliver) only figures are added, and the sliver is
 * dropped when they are: they are what it stood for.
 * @param {OcrWord[]} words the first reading
 * @param {{ region: Region, words: OcrWord[] }[]} readings second readings, on the page
 * @param {number} [letter] the page's letter height, for slivers
 * @returns {OcrWord[]}
 */
export function mergeSecondPass(words, readings, letter) {
  const replaced = new Set();
  const added = [];
  for (const { region, words: read } of readings) {
    const kept = read.filter((word) => word.text.trim() !== '');
    if (kept.length === 0 || !kept.every(worthKeeping)) continue;
    // Under a sliver only a column's figures are taken: a line of text printed down the margin
    // (a form's serial number, read as one tall word too) gives letters on its side, or junk.
    if (region.kind === 'under-sliver' && !kept.every((word) => FIGURE.test(word.text.trim())))
      continue;
    if (region.kind === 'doubtful') {
      const before =
        region.replaces.reduce((sum, index) => sum + words[index].confidence, 0) /
        region.replaces.length;
      const least = Math.min(...kept.map((word) => word.confidence));
      if (least < before + REPLACE_MARGIN) continue;
      const text = (list) => list.map((word) => word.text.trim()).join(' ');
      if (text(kept) === text(region.replaces.map((index) => words[index]))) continue;
      region.replaces.forEach((index) => replaced.add(index));
    }
    added.push(
      ...kept.map((word) => ({
        ...word,
        confidence: Math.min(word.confidence, SECOND_PASS_CONFIDENCE),
        underSliver: region.kind === 'under-sliver',
      })),
    );
  }
  const figures = added.filter((word) => word.underSliver);
  if (letter !== undefined)
    words.forEach((word, index) => {
      if (isSliver(word, letter) && figures.some((other) => centreWithin(other.bbox, word.bbox)))
        replaced.add(index);
    });
  return [
    ...words.filter((_, index) => !replaced.has(index)),
    ...added.map(({ underSliver: _, ...word }) => word),
  ];
}

/** Whether the centre of `box` lies within `outer`. */
function centreWithin(box, outer) {
  const x = (box.x0 + box.x1) / 2;
  const y = (box.y0 + box.y1) / 2;
  return x >= outer.x0 && x <= outer.x1 && y >= outer.y0 && y <= outer.y1;
}
