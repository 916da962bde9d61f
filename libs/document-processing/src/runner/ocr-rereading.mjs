/**
 * Second readings of parts of a page after tesseract's first, automatic one (issue 28, item 1):
 * - weak lines: a line holding a word read with little confidence is cut out with a margin,
 *   enlarged with cubic interpolation and read again as one line of text (PSM 7);
 * - tables: a block that looks like a table or grid is read again as one uniform block (PSM 6);
 * and in each case the reading tesseract is surer of is kept. Both are bounded (the least sure
 * lines first, a few per page; only table-like blocks).
 *
 * Production reads neither way: measured end to end (bench/ocr/ocr-end-to-end.ts,
 * docs/benchmarks.md "Second readings"), re-reading weak lines left FUNSD's real scans level
 * (number pieces read exactly 74.2 -> 73.6 %, or 74.3 % with a stricter choice) and gained
 * 0.9 points of words on harsh scans, for 27-38 % more CPU per page; re-reading table-like
 * blocks gained 0.3-0.4 points of words for 30 % more CPU. They stay here, off, so that
 * bench/ocr/ocr-preparation.ts can measure them again on other scans (its "reread" variants).
 *
 * The functions here are pure (pixels in, pixels or choices out) so that they are tested apart
 * from the engine; ocr-engine.mjs runs the readings.
 */

/**
 * @typedef {{ x0: number, y0: number, x1: number, y1: number }} Box
 * @typedef {{ text: string, bbox: Box, confidence: number }} OcrWord
 * @typedef {{ bbox: Box, words: OcrWord[] }} OcrLine
 */

/**
 * @typedef {object} RereadSettings
 * @property {number} belowConfidence a line holding a word read with less confidence is read again
 * @property {number} maxLines at most this many lines of a page are read again
 * @property {number} scale enlargement of the cut-out line
 * @property {number} margin pixels around the line (of the page as read), as a share of its height
 * @property {number} gain how much more confident (mean, per character) the second reading
 *   must be to replace the first
 * @property {boolean} tables read table-like blocks again as one uniform block
 * @property {number} tableGain as gain, for a table's second reading
 */

/**
 * Production's: no second reading (maxLines 0, tables off; the header says why). The other
 * values are those measured when a bench variant turns a reading on.
 * @type {RereadSettings}
 */
export const REREAD_SETTINGS = {
  belowConfidence: 75,
  maxLines: 0,
  scale: 2,
  margin: 0.35,
  gain: 3,
  tables: false,
  tableGain: 0,
};

/**
 * The lines worth a second reading: those with a word below the confidence (words of no letter
 * or digit, rules and specks, do not count), the least confident first, at most `maxLines`.
 * @param {OcrLine[]} lines
 * @param {RereadSettings} settings
 * @returns {OcrLine[]}
 */
export function linesToReread(lines, settings) {
  const weakest = (line) =>
    Math.min(
      ...line.words.filter((word) => /[\p{L}\p{N}]/u.test(word.text)).map((w) => w.confidence),
    );
  return lines
    .filter((line) => line.words.length > 0 && weakest(line) < settings.belowConfidence)
    .sort((a, b) => weakest(a) - weakest(b))
    .slice(0, settings.maxLines);
}

/**
 * Whether a block tesseract found reads like a table or grid rather than prose: several lines of
 * short words, many of them figures, or lines whose words stand in columns far apart. Such a
 * block is read again as one uniform block (PSM 6), which keeps a table's rows whole: automatic
 * segmentation cuts them into column blocks and loses figures (docs/benchmarks.md, 67-71 %
 * numbers exact against 89 %).
 * @param {OcrLine[]} lines the block's lines
 */
export function looksLikeTable(lines) {
  const words = lines.flatMap((line) => line.words).filter((word) => word.text.trim() !== '');
  if (lines.length < 2 || words.length < 4) return false;
  const digits = words.filter((word) => /\d/.test(word.text)).length / words.length;
  const lengths = words.map((word) => word.text.trim().length).sort((a, b) => a - b);
  const medianLength = lengths[lengths.length >> 1];
  const columnGaps = lines.filter((line) => {
    const height = line.bbox.y1 - line.bbox.y0;
    return line.words.some(
      (word, index) => index > 0 && word.bbox.x0 - line.words[index - 1].bbox.x1 > 2.5 * height,
    );
  }).length;
  return (digits >= 0.3 && medianLength <= 8) || columnGaps >= Math.max(2, lines.length / 2);
}

/**
 * Mean confidence of a reading, each word weighted by its characters (a long word read surely
 * outweighs a stray mark), 0 for no words.
 * @param {OcrWord[]} words
 */
export function readingConfidence(words) {
  let characters = 0;
  let weighted = 0;
  for (const word of words) {
    const length = word.text.trim().length;
    characters += length;
    weighted += length * word.confidence;
  }
  return characters === 0 ? 0 : weighted / characters;
}

/**
 * Whether the second reading of a region replaces the first: it must be more confident by
 * `gain`, and not have lost most of the text (an enlarged crop sometimes reads as nothing, or as
 * a few sure marks).
 * @param {OcrWord[]} first
 * @param {OcrWord[]} second
 * @param {number} gain
 */
export function secondReadingWins(first, second, gain) {
  const characters = (words) => words.reduce((sum, word) => sum + word.text.trim().length, 0);
  if (characters(second) < 0.7 * characters(first)) return false;
  if (characters(second) > 1.5 * characters(first) + 2) return false;
  return readingConfidence(second) >= readingConfidence(first) + gain;
}

/**
 * The box around a line with a margin, within the image.
 * @param {Box} box
 * @param {number} margin share of the line's height
 * @param {number} width
 * @param {number} height
 * @returns {Box}
 */
export function regionAround(box, margin, width, height) {
  const pad = Math.max(2, Math.round((box.y1 - box.y0) * margin));
  return {
    x0: Math.max(0, box.x0 - pad),
    y0: Math.max(0, box.y0 - pad),
    x1: Math.min(width, box.x1 + pad),
    y1: Math.min(height, box.y1 + pad),
  };
}

/**
 * A region of a grayscale image enlarged by `scale` with cubic (Catmull-Rom) interpolation:
 * smooth strokes where nearest-neighbour would give staircases, and sharper than bilinear.
 * @param {Uint8Array} gray row-major, width * height bytes
 * @param {number} width
 * @param {number} height
 * @param {Box} region integer pixel bounds within the image
 * @param {number} scale
 * @returns {{ pixels: Uint8Array, width: number, height: number }}
 */
export function enlargedRegion(gray, width, height, region, scale) {
  const regionWidth = region.x1 - region.x0;
  const regionHeight = region.y1 - region.y0;
  const outWidth = Math.max(1, Math.round(regionWidth * scale));
  const outHeight = Math.max(1, Math.round(regionHeight * scale));
  const pixels = new Uint8Array(outWidth * outHeight);
  const at = (x, y) =>
    gray[Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))];
  const xTaps = cubicTaps(outWidth, regionWidth, region.x0);
  const row = new Float64Array(4);
  for (let oy = 0; oy < outHeight; oy += 1) {
    const sy = region.y0 + (oy + 0.5) * (regionHeight / outHeight) - 0.5;
    const y = Math.floor(sy);
    const wy = cubicWeights(sy - y);
    for (let ox = 0; ox < outWidth; ox += 1) {
      const { x, weights: wx } = xTaps[ox];
      for (let j = 0; j < 4; j += 1) {
        const yy = y - 1 + j;
        row[j] =
          wx[0] * at(x - 1, yy) + wx[1] * at(x, yy) + wx[2] * at(x + 1, yy) + wx[3] * at(x + 2, yy);
      }
      const value = wy[0] * row[0] + wy[1] * row[1] + wy[2] * row[2] + wy[3] * row[3];
      pixels[oy * outWidth + ox] = Math.min(255, Math.max(0, Math.round(value)));
    }
  }
  return { pixels, width: outWidth, height: outHeight };
}

function cubicTaps(outSize, regionSize, origin) {
  return Array.from({ length: outSize }, (_, o) => {
    const s = origin + (o + 0.5) * (regionSize / outSize) - 0.5;
    const x = Math.floor(s);
    return { x, weights: cubicWeights(s - x) };
  });
}

/** Catmull-Rom weights of the four neighbours at fraction t past the second. */
function cubicWeights(t) {
  const t2 = t * t;
  const t3 = t2 * t;
  return [
    (-t3 + 2 * t2 - t) / 2,
    (3 * t3 - 5 * t2 + 2) / 2,
    (-3 * t3 + 4 * t2 + t) / 2,
    (t3 - t2) / 2,
  ];
}

/**
 * Words read on an enlarged region, placed back on the image the region was cut from.
 * @param {OcrWord[]} words
 * @param {Box} region
 * @param {number} scaleX enlarged width / region width
 * @param {number} scaleY
 * @returns {OcrWord[]}
 */
export function wordsOnImage(words, region, scaleX, scaleY) {
  return words.map((word) => ({
    ...word,
    bbox: {
      x0: Math.round(region.x0 + word.bbox.x0 / scaleX),
      y0: Math.round(region.y0 + word.bbox.y0 / scaleY),
      x1: Math.round(region.x0 + word.bbox.x1 / scaleX),
      y1: Math.round(region.y0 + word.bbox.y1 / scaleY),
    },
  }));
}

/**
 * A grayscale image as PGM, tesseract's quickest input.
 * @param {Uint8Array} pixels
 * @param {number} width
 * @param {number} height
 */
export function pgmOf(pixels, width, height) {
  return Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`, 'ascii'), pixels]);
}
