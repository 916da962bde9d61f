/**
 * Form rules before OCR (issue 28, item 1): the underlines an answer is typed or written on, the
 * lines of boxes and table grids. A rule that touches letters ruins tesseract's reading of them
 * (a descender on its underline reads as one blob with it; a box edge beside a figure reads as
 * "1" or "|"), a long rule is read as a row of junk letters, and a form full of them is often
 * taken for a picture: tesseract's automatic segmentation then drops whole blocks of answers.
 * Here thin, long, solid runs of ink, horizontal and vertical, with paper on one side at least,
 * are painted over with paper white, except where a letter's stroke crosses them: there the
 * rule's pixels stay. A letter's stroke that lies along the rule (the foot of a "g" on its
 * underline) can lose a pixel or two with it.
 *
 * Measured on FUNSD's real ~100-dpi forms, enlarged for OCR (bench/forms/run.ts --ocr and
 * bench/forms/ocr-losses.ts, training split; docs/benchmarks.md "Form rules before OCR"): answer
 * words OCR missed altogether 13.1 -> 2.8 %, words read exactly 66.9 -> 70.2 %, number pieces
 * 73.3 -> 80.7 %. Only small raster scans ask for it (raster-pages.mjs); PDF scans were not
 * measured with it.
 *
 * Scale-free: a rule is at least a thirtieth of the page's width long and at most a two-hundredth
 * thick, so the same rule holds at any resolution tesseract is given.
 */

/**
 * A pixel darker than this is ink. Rules on old scans are often light grey (a one-pixel line
 * enlarged for OCR peaks at 120-160), lighter than the text they underline.
 */
const INK_BELOW = 190;
/** Shortest rule, as a share of the page's width (a letter row stays far below it). */
const MIN_LENGTH_SHARE = 1 / 30;
/** Thickest rule, as a share of the page's width; thicker bars (shaded headers) are kept. */
const MAX_THICKNESS_SHARE = 1 / 200;
/** Gaps a scan leaves in a rule, in pixels, bridged when measuring its length. */
const MAX_GAP = 2;
/**
 * Least share of ink along a rule's length: a printed rule is solid but for a scan's few breaks,
 * where the dots of a halftone shading (a shaded caption cell) leave gaps everywhere.
 */
const MIN_FILL = 0.85;
/** Most ink on the clearer side of a rule, as a share of its length (rows of shading have more). */
const MAX_SIDE_INK = 0.3;
/**
 * Rows of ink adjoining a rule's long runs that still belong to it (its edge rows, broken too
 * often to be runs themselves); more is a letter's stroke standing on the rule, which is kept.
 */
const MAX_ADJOINING = 2;
/**
 * Least share of a rule's length where its ink is no thicker than a rule: text standing on an
 * underline touches it with a few stems per letter, a row through text crosses stems everywhere.
 */
const MIN_THIN_SHARE = 0.75;
/** Rows looked at on each side of a rule. */
const SIDE_ROWS = 3;
/** Grey edge beside a rule, in pixels, whitened with it (lighter than ink, never a letter's). */
const FRINGE = 2;

/**
 * Erases thin horizontal and vertical rules from an 8-bit grayscale image in place.
 * @param {Uint8Array} gray row-major, width * height bytes
 * @param {number} width
 * @param {number} height
 * @returns {number} pixels erased
 */
export function eraseFormRules(gray, width, height) {
  const minLength = Math.max(24, Math.round(width * MIN_LENGTH_SHARE));
  const maxThickness = Math.max(3, Math.round(width * MAX_THICKNESS_SHARE));
  const ink = new Uint8Array(width * height);
  for (let i = 0; i < ink.length; i += 1) ink[i] = gray[i] < INK_BELOW ? 1 : 0;
  const image = { ink, width, height, maxThickness, minLength };
  const across = rowRuns(image);
  const down = columnRuns(image);
  const erase = new Uint8Array(width * height);
  // A horizontal rule is measured down the columns, a vertical one along the rows.
  thinStretches(image, across, down, erase, true);
  thinStretches(image, down, across, erase, false);
  let erased = 0;
  for (let i = 0; i < erase.length; i += 1) {
    if (erase[i] === 1 && gray[i] !== 255) {
      gray[i] = 255;
      erased += 1;
    }
  }
  return erased;
}

/** Marks the ink of each row's runs at least `minLength` long (gaps up to MAX_GAP bridged). */
function rowRuns(image) {
  const { ink, width, height } = image;
  const marked = new Uint8Array(ink.length);
  for (let y = 0; y < height; y += 1) {
    const base = y * width;
    let start = -1;
    let last = -1;
    let count = 0;
    for (let x = 0; x < width; x += 1) {
      if (ink[base + x] === 0) continue;
      if (start >= 0 && x - last > MAX_GAP + 1) {
        if (isRule(image, base + start, base + last, 1, width, count)) {
          markInk(marked, ink, base + start, base + last, 1);
        }
        start = -1;
      }
      if (start < 0) {
        start = x;
        count = 0;
      }
      last = x;
      count += 1;
    }
    if (start >= 0 && isRule(image, base + start, base + last, 1, width, count)) {
      markInk(marked, ink, base + start, base + last, 1);
    }
  }
  return marked;
}

/** As rowRuns, down the columns; scanned row by row, each column keeping its own run. */
function columnRuns(image) {
  const { ink, width, height } = image;
  const marked = new Uint8Array(ink.length);
  const start = new Int32Array(width).fill(-1);
  const last = new Int32Array(width).fill(-1);
  const count = new Int32Array(width);
  const close = (x) => {
    const first = start[x] * width + x;
    if (start[x] >= 0 && isRule(image, first, last[x] * width + x, width, 1, count[x])) {
      markInk(marked, ink, first, last[x] * width + x, width);
    }
    start[x] = -1;
  };
  for (let y = 0; y < height; y += 1) {
    const base = y * width;
    for (let x = 0; x < width; x += 1) {
      if (ink[base + x] === 0) continue;
      if (start[x] >= 0 && y - last[x] > MAX_GAP + 1) close(x);
      if (start[x] < 0) {
        start[x] = y;
        count[x] = 0;
      }
      last[x] = y;
      count[x] += 1;
    }
  }
  for (let x = 0; x < width; x += 1) close(x);
  return marked;
}

/**
 * Whether the run of ink from index `first` to `last` (every `step`), holding `count` ink pixels,
 * is a rule: long, solid, and with paper on at least one side just beyond a rule's thickness
 * (`side`: the index step across; SIDE_ROWS rows there, so that no period of shading slips
 * between them). The rows of a halftone shading are long and solid too, but shading lies on
 * both sides of each; text stands on one side of its underline only.
 */
function isRule({ ink, width, height, maxThickness, minLength }, first, last, step, side, count) {
  const length = (last - first) / step + 1;
  if (length < minLength || count < MIN_FILL * length) return false;
  const inkShare = (direction) => {
    let most = 0;
    for (let row = 1; row <= SIDE_ROWS; row += 1) {
      const shift = direction * (maxThickness + FRINGE + row) * side;
      if (first + shift < 0 || last + shift >= width * height) continue;
      let inked = 0;
      for (let i = first + shift; i <= last + shift; i += step) inked += ink[i];
      most = Math.max(most, inked / length);
    }
    return most;
  };
  if (Math.min(inkShare(-1), inkShare(1)) >= MAX_SIDE_INK) return false;
  // Across the run, ink no thicker than a rule in most places: a row through the middle of
  // blurred text (letters joined by their grey halos) crosses a letter's stem at every letter.
  const limit = width * height;
  let thin = 0;
  for (let i = first; i <= last; i += step) {
    if (ink[i] === 0) continue;
    let extent = 1;
    for (let k = i - side; k >= 0 && ink[k] === 1 && extent <= maxThickness; k -= side) extent += 1;
    for (let k = i + side; k < limit && ink[k] === 1 && extent <= maxThickness; k += side)
      extent += 1;
    if (extent <= maxThickness) thin += 1;
  }
  return thin >= MIN_THIN_SHARE * length;
}

function markInk(marked, ink, from, to, step) {
  for (let i = from; i <= to; i += step) if (ink[i] === 1) marked[i] = 1;
}

/**
 * Looks across a rule's mask (`rule`: the horizontal runs, looked at down the columns when
 * `horizontal`): each stretch of marked pixels, widened by up to MAX_ADJOINING rows of ink that
 * adjoin it (a rule's rows too short to be runs themselves), no thicker than maxThickness is a
 * bare piece of rule, marked for erasing with its grey fringe. Where a letter's stroke continues
 * past the rule (more adjoining ink), the stretch is kept. Ink of a crossing rule (`crossing`)
 * does not widen a stretch.
 */
function thinStretches({ ink, width, height, maxThickness }, rule, crossing, erase, horizontal) {
  const step = horizontal ? width : 1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      const at = horizontal ? y : x;
      // Only where a stretch begins.
      if (rule[i] === 0 || (at > 0 && rule[i - step] === 1)) continue;
      const along = horizontal ? height : width;
      const adjoins = (k) => ink[i + (k - at) * step] === 1 && crossing[i + (k - at) * step] === 0;
      let from = at;
      let to = at;
      while (to < along && rule[i + (to - at) * step] === 1) to += 1;
      const marked = to;
      while (from > 0 && at - from <= MAX_ADJOINING && adjoins(from - 1)) from -= 1;
      while (to < along && to - marked <= MAX_ADJOINING && adjoins(to)) to += 1;
      if (at - from > MAX_ADJOINING || to - marked > MAX_ADJOINING) continue;
      if (to - from > maxThickness) continue;
      const first = Math.max(0, from - FRINGE);
      const end = Math.min(along, to + FRINGE);
      for (let k = first; k < end; k += 1) {
        const j = i + (k - at) * step;
        if (ink[j] === 0 || (k >= from && k < to)) erase[j] = 1;
      }
    }
  }
}
