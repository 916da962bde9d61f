/**
 * A scanned page straightened before tesseract reads it (issue 28, item 1). A page fed askew
 * (ordinary scans a few tenths of a degree, a careless feed or a fax 1-3 degrees) has its text
 * lines climb across the page; tesseract's line finding then cuts table rows and long caption
 * lines where they cross the next line's band and misreads the pieces, numbers most of all.
 * Measured with bench/ocr/ocr-preparation.ts (docs/benchmarks.md, "Image preparation"): numbers
 * read exactly 68 -> 84 % on harsh scans and 77 -> 80 % on ordinary ones. The words' boxes are
 * mapped back onto the page as scanned, so the text layer, the stored page image and the console
 * keep one frame. A median filter against noise, contrast stretching, a blur and upscaling were
 * measured too and are not done here: each lost words on ordinary scans, or on both kinds.
 * Scans under 180 dpi are enlarged and thresholded locally before this (pdf-pages.mjs says why).
 */

/** A pixel darker than this is ink for the skew estimate. */
const INK_BELOW = 110;
/** Skews searched, either way, in degrees: beyond this a page is turned, not skewed. */
const MAX_SKEW_DEGREES = 5;
const COARSE_STEP_DEGREES = 0.25;
const FINE_STEP_DEGREES = 0.05;
/**
 * Below this the page is read as it is (the estimate's own step is 0.05 degrees). Straightening
 * paid even on the ordinary scans' skews of up to 0.6 degrees (docs/benchmarks.md).
 */
export const MIN_DESKEW_DEGREES = 0.1;
/** Fewer ink pixels than this (on the half-size sample) leave the skew unknown: read as is. */
const MIN_INK_POINTS = 500;
/** The estimate looks at no more ink pixels than this (evenly thinned), to bound its cost. */
const MAX_INK_POINTS = 200_000;

/**
 * The angle the page's text lines are turned by, in radians, clockwise on the image positive
 * (the sense of a canvas's `rotate`); 0 when it is within MIN_DESKEW_DEGREES or cannot be told.
 * Projection profile: the ink of a half-size sample is summed along lines of each candidate
 * slope, and the slope at which those sums change most sharply from line to line (text rows
 * and the gaps between them) is the page's.
 * @param {Uint8Array} gray row-major, width * height bytes
 * @param {number} width
 * @param {number} height
 */
export function estimateSkew(gray, width, height) {
  const points = inkPoints(gray, width, height);
  if (points.count < MIN_INK_POINTS) return 0;
  const sharpness = (degrees) => profileSharpness(points, degrees);
  let best = 0;
  let bestScore = sharpness(0);
  for (
    let degrees = -MAX_SKEW_DEGREES;
    degrees <= MAX_SKEW_DEGREES + 1e-9;
    degrees += COARSE_STEP_DEGREES
  ) {
    const score = sharpness(degrees);
    if (score > bestScore) [best, bestScore] = [degrees, score];
  }
  const coarse = best;
  for (
    let step = -COARSE_STEP_DEGREES;
    step <= COARSE_STEP_DEGREES + 1e-9;
    step += FINE_STEP_DEGREES
  ) {
    const score = sharpness(coarse + step);
    if (score > bestScore) [best, bestScore] = [coarse + step, score];
  }
  return Math.abs(best) < MIN_DESKEW_DEGREES ? 0 : (best * Math.PI) / 180;
}

/** Ink pixels of a half-size sample (a 2x2 block is ink when its darkest pixel is). */
function inkPoints(gray, width, height) {
  const sampleWidth = width >> 1;
  const sampleHeight = height >> 1;
  let xs = new Int32Array(1024);
  let ys = new Int32Array(1024);
  let count = 0;
  for (let y = 0; y < sampleHeight; y += 1) {
    const row = 2 * y * width;
    for (let x = 0; x < sampleWidth; x += 1) {
      const at = row + 2 * x;
      const darkest = Math.min(gray[at], gray[at + 1], gray[at + width], gray[at + width + 1]);
      if (darkest >= INK_BELOW) continue;
      if (count === xs.length) {
        xs = grown(xs);
        ys = grown(ys);
      }
      xs[count] = x;
      ys[count] = y;
      count += 1;
    }
  }
  const stride = Math.max(1, Math.ceil(count / MAX_INK_POINTS));
  return { xs, ys, count, stride, width: sampleWidth, height: sampleHeight };
}

function grown(array) {
  const larger = new Int32Array(array.length * 2);
  larger.set(array);
  return larger;
}

function profileSharpness(points, degrees) {
  const angle = (degrees * Math.PI) / 180;
  const sin = Math.sin(angle);
  const cos = Math.cos(angle);
  const offset = Math.ceil(points.width * Math.abs(sin)) + 1;
  const rows = new Float64Array(points.height + 2 * offset + 2);
  for (let i = 0; i < points.count; i += points.stride) {
    rows[Math.round(points.ys[i] * cos - points.xs[i] * sin) + offset] += 1;
  }
  let sharpness = 0;
  for (let i = 1; i < rows.length; i += 1) sharpness += (rows[i] - rows[i - 1]) ** 2;
  return sharpness;
}

/**
 * @typedef {object} Straightening how a straightened image maps back onto the page as scanned
 * @property {number} angle radians the page was turned by (estimateSkew)
 * @property {number} width the page image's width and height
 * @property {number} height
 * @property {number} straightWidth the straightened image's width and height (large enough
 *   that no corner of the page is cut off)
 * @property {number} straightHeight
 */

/**
 * The page image turned back by `angle` onto a white canvas of the same canvas module (two
 * copies of @napi-rs/canvas cannot draw onto each other; canvas-module.mjs), large enough to hold
 * every corner.
 * @param {import('@napi-rs/canvas').Canvas} canvas
 * @param {(width: number, height: number) => { canvas: import('@napi-rs/canvas').Canvas, context: import('@napi-rs/canvas').SKRSContext2D }} createCanvas
 * @param {number} angle radians, from estimateSkew
 * @returns {{ canvas: import('@napi-rs/canvas').Canvas, straightening: Straightening }}
 */
export function straightened(canvas, createCanvas, angle) {
  const { width, height } = canvas;
  const cos = Math.abs(Math.cos(angle));
  const sin = Math.abs(Math.sin(angle));
  const straightWidth = Math.ceil(width * cos + height * sin);
  const straightHeight = Math.ceil(height * cos + width * sin);
  const target = createCanvas(straightWidth, straightHeight);
  // Skia's better resampling (cubic): with the default (bilinear) straightened ordinary scans
  // read fewer numbers than unstraightened ones in the preparation bench.
  target.context.imageSmoothingQuality = 'high';
  target.context.translate(straightWidth / 2, straightHeight / 2);
  target.context.rotate(-angle);
  target.context.translate(-width / 2, -height / 2);
  target.context.drawImage(canvas, 0, 0);
  return {
    canvas: target.canvas,
    straightening: { angle, width, height, straightWidth, straightHeight },
  };
}

/**
 * A box read on the straightened image, placed on the page as scanned: its centre turned back
 * with the page, its size kept (the word's own extent, not the larger box around it turned),
 * clamped to the page.
 * @param {{ x0: number, y0: number, x1: number, y1: number }} box
 * @param {Straightening} straightening
 */
export function boxOnScannedPage(box, straightening) {
  const { angle, width, height, straightWidth, straightHeight } = straightening;
  const dx = (box.x0 + box.x1) / 2 - straightWidth / 2;
  const dy = (box.y0 + box.y1) / 2 - straightHeight / 2;
  const cx = width / 2 + dx * Math.cos(angle) - dy * Math.sin(angle);
  const cy = height / 2 + dx * Math.sin(angle) + dy * Math.cos(angle);
  const halfWidth = (box.x1 - box.x0) / 2;
  const halfHeight = (box.y1 - box.y0) / 2;
  const clamp = (value, limit) => Math.min(limit, Math.max(0, Math.round(value)));
  return {
    x0: clamp(cx - halfWidth, width),
    y0: clamp(cy - halfHeight, height),
    x1: clamp(cx + halfWidth, width),
    y1: clamp(cy + halfHeight, height),
  };
}
