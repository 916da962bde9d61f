import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setEnvironmentData } from 'node:worker_threads';

import { createPageCanvas, toPgm } from './canvas-module.mjs';
import { eraseDottedLeaders } from './dotted-leaders.mjs';
import { eraseFormRules } from './form-rules.mjs';
import { eraseLoneSpecks } from './lone-specks.mjs';
import { doubtedNumbers, mergeNumberReadings, NUMBER_CHARACTERS } from './number-rereading.mjs';
import { RunnerError } from './runner-error.mjs';
import { boxOnScannedPage, estimateSkew, straightened } from './scan-preparation.mjs';
import { eraseSelectionMarks } from './selection-marks.mjs';
import {
  cropRegion,
  grownBox,
  letterHeight,
  mergeSecondPass,
  onPage,
  secondPassRegions,
} from './second-pass.mjs';

const require = createRequire(import.meta.url);
const OCR_WORKER_PATH = fileURLToPath(new URL('./ocr-worker.cjs', import.meta.url));
/** Where ocr-worker.cjs finds the compiled engine (worker_threads environment data). */
const COMPILED_CORE = 'docket-ocr-compiled-core';
/** The engine build ocr-worker.cjs runs: LSTM only, with SIMD. */
const CORE_WASM = 'tesseract.js-core/tesseract-core-simd-lstm.wasm';

/**
 * @typedef {object} OcrImage a page image prepared for tesseract
 * @property {Buffer} pgm grayscale PGM: straightened, tick boxes and dotted leaders erased
 * @property {number} width the page image's width and height as scanned
 * @property {number} height
 * @property {{ x0: number, y0: number, x1: number, y1: number, dots: number }[]} leaders
 *   in the page's pixels as scanned
 * @property {{ x0: number, y0: number, x1: number, y1: number, ticked: boolean }[]} marks tick
 *   boxes (selection-marks.mjs), in the page's pixels as scanned
 * @property {import('./scan-preparation.mjs').Straightening} [straightening] present when the
 *   page was straightened: how the boxes tesseract reads map back onto the page as scanned
 * @property {boolean} [localThreshold] binarise with a threshold per neighbourhood (Sauvola)
 *   instead of one for the page (Otsu)
 */

/**
 * @typedef {object} OcrCanvas the page drawn for OCR
 * @property {import('@napi-rs/canvas').Canvas} canvas
 * @property {boolean} lowResolution a scan holding too few dots per inch, drawn enlarged
 * @property {boolean} [formRules] erase the form's rules before OCR (form-rules.mjs): measured
 *   to pay on small raster scans (raster-pages.mjs) and on low-resolution PDF scans
 *   (pdf-pages.mjs); not measured on PDF scans of 200 dpi and more, which keep their rules
 * @property {boolean} [loneSpecks] erase lone specks before OCR (lone-specks.mjs): measured to
 *   pay on low-resolution PDF scans (pdf-pages.mjs)
 */

/**
 * Tesseract's binarisation for low-resolution scans: Sauvola's threshold per neighbourhood.
 * Such a scan (a 150-dpi page, heavy noise, JPEG artefacts), enlarged, carries speckle and
 * uneven strokes that one threshold for the whole page (Otsu, tesseract's default) turns into
 * broken letters and junk; read with Sauvola's the same enlarged pages gave 85 % of words
 * exactly against 74 % (bench/ocr/ocr-preparation.ts, development draw; docs/benchmarks.md).
 * Small PNG and JPEG pages, enlarged for OCR, are read so too (raster-pages.mjs: FUNSD's real
 * ~100-dpi forms read more exactly). Scans of 200 dpi and more keep the default: not measured to
 * pay there.
 */
const LOCAL_THRESHOLD = { thresholding_method: '2' };
const PAGE_THRESHOLD = { thresholding_method: '0' };
/** Tesseract's own default page segmentation (PSM.AUTO); startWorker says why. */
const AUTOMATIC_SEGMENTATION = '3';

/**
 * Pages turned less than this are read as scanned. Measured through extraction (quality bench,
 * seed 606): straightening ordinary scans (up to 0.6 degrees) raised their field F1 0.798 -> 0.867
 * but cut their table cells 0.930 -> 0.667, so only pages turned a degree or more are levelled
 * (harsh scans, 1-3 degrees: zero-shot field F1 0.557 -> 0.591).
 */
const STRAIGHTEN_FROM_RADIANS = (1 * Math.PI) / 180;

/**
 * Prepares a page image for OCR on the calling thread (scan-preparation.mjs says why each step):
 * grayscale (tesseract reads PGM directly); straightened when it was fed askew; form rules
 * erased when the page was drawn asking for it (form-rules.mjs); tick boxes erased (tesseract
 * reads a box as a letter and its mark as nothing; they are put back as words "☑" and "☐",
 * selection-marks.mjs); dotted leaders erased
 * (tesseract reads them as junk letters that garble their neighbours too; they are put back as
 * words of dots where they were printed); then lone specks erased when the page was drawn
 * asking for it (lone-specks.mjs; after the leaders, whose dots would otherwise be taken for
 * specks). Reads the pixels at once, so the caller may encode the same canvas afterwards.
 * @param {import('@napi-rs/canvas').Canvas} canvas
 * @param {typeof import('@napi-rs/canvas')} canvasModule the copy the canvas was made with
 * @param {{ lowResolution?: boolean, formRules?: boolean, loneSpecks?: boolean }} [drawn] how
 *   the page was drawn
 *   (OcrCanvas)
 * @returns {OcrImage}
 */
export function prepareOcrImage(canvas, canvasModule, drawn = {}) {
  const { width, height } = canvas;
  let pgm = toPgm(canvas);
  let straightening;
  const angle = estimateSkew(pixelsOf(pgm, width, height), width, height);
  if (Math.abs(angle) >= STRAIGHTEN_FROM_RADIANS) {
    const turned = straightened(canvas, (w, h) => createPageCanvas(canvasModule, w, h), angle);
    straightening = turned.straightening;
    pgm = toPgm(turned.canvas);
  }
  const ocrWidth = straightening?.straightWidth ?? width;
  const ocrHeight = straightening?.straightHeight ?? height;
  const pixels = pixelsOf(pgm, ocrWidth, ocrHeight);
  if (drawn.formRules === true) eraseFormRules(pixels, ocrWidth, ocrHeight);
  const marks = eraseSelectionMarks(pixels, ocrWidth, ocrHeight);
  const leaders = eraseDottedLeaders(pixels, ocrWidth, ocrHeight);
  if (drawn.loneSpecks === true) eraseLoneSpecks(pixels, ocrWidth, ocrHeight);
  return {
    pgm,
    width,
    height,
    leaders: leaders.map((leader) => ({
      ...onScannedPage(leader, straightening),
      dots: leader.dots,
    })),
    marks: marks.map((mark) => ({ ...onScannedPage(mark, straightening), ticked: mark.ticked })),
    straightening,
    localThreshold: drawn.lowResolution === true,
  };
}

/** The pixel bytes of a PGM (after its header). */
function pixelsOf(pgm, width, height) {
  return pgm.subarray(pgm.length - width * height);
}

/** A box read on the prepared image, on the page as scanned. */
function onScannedPage(box, straightening) {
  const { x0, y0, x1, y1 } =
    straightening === undefined ? box : boxOnScannedPage(box, straightening);
  return { x0, y0, x1, y1 };
}

/**
 * Up to `size` tesseract workers (each a worker thread running the engine), so that the pages
 * of one document are read on as many cores as the parent grants. A worker is started on first
 * need (a page with a text layer never pays for one), one more only when every started worker
 * is busy; a page given while all `size` are busy waits for the first to be free.
 *
 * Everything tesseract needs comes from node_modules: the core (tesseract.js always loads
 * tesseract.js-core from its own dependencies on Node.js) and the language data from
 * @tesseract.js-data/<language>, the LSTM-only "best_int" model. `cacheMethod: 'none'` stops
 * tesseract.js from writing a copy of the language data into the working directory. With a
 * local langPath it never fetches anything.
 * @param {string} language tesseract code, validated by the parent (e.g. "eng")
 * @param {number} size most workers, at least 1
 * @param {Record<string, string>} [parameters] tesseract parameters over the production ones
 *   (bench/ocr compares settings through this; production passes none)
 */
export function createOcrPool(language, size, parameters = {}) {
  /** @type {Promise<import('tesseract.js').Worker>[]} */
  const started = [];
  /** @type {Promise<import('tesseract.js').Worker>[]} */
  const idle = [];
  /** @type {((taken: { worker: Promise<import('tesseract.js').Worker> }) => void)[]} */
  const waiting = [];

  function startOne() {
    const worker = startWorker(language, parameters);
    // Marks a failed start as handled here; the page that takes this worker sees the failure.
    worker.catch(() => {});
    started.push(worker);
    return worker;
  }

  /** A free worker, boxed so that its own promise is not flattened into this one. */
  function take() {
    const free = idle.pop();
    if (free !== undefined) return Promise.resolve({ worker: free });
    if (started.length < size) return Promise.resolve({ worker: startOne() });
    return new Promise((resolve) => waiting.push(resolve));
  }

  function give(worker) {
    const next = waiting.shift();
    if (next === undefined) idle.push(worker);
    else next({ worker });
  }

  return {
    /**
     * Starts a worker now if none is free for the page about to be prepared, so that the
     * engine's start-up overlaps the page's rendering instead of following it.
     */
    prestart() {
      if (idle.length === 0 && started.length < size) idle.push(startOne());
    },
    /**
     * @param {OcrImage} image
     * @returns {Promise<import('./runner-protocol').RunnerOcrText>}
     */
    async recognize(image) {
      const { worker } = await take();
      try {
        const engine = await worker;
        if (image.localThreshold) await engine.setParameters(LOCAL_THRESHOLD);
        try {
          const { data } = await engine.recognize(image.pgm, {}, { blocks: true, text: false });
          const words = wordsOf(data);
          return ocrText(image, await readAgain(engine, image, words, parameters));
        } finally {
          if (image.localThreshold) await engine.setParameters(PAGE_THRESHOLD);
        }
      } finally {
        give(worker);
      }
    },
    async close() {
      const workers = await Promise.all(started.map((worker) => worker.catch(() => undefined)));
      await Promise.all(workers.map((worker) => worker?.terminate()));
    },
  };
}

/** Tesseract's "single text line" page segmentation (PSM 7), for the second pass. */
const SINGLE_LINE = '7';

/** The words a tick box is put back as: the signs the engine reads as a ticked or empty box. */
const TICKED_BOX = '☑';
const EMPTY_BOX = '☐';

/**
 * The second pass (second-pass.mjs): the regions the first reading missed or doubted, each read
 * again on its own as one line, merged into the first reading; and the figures it doubted read
 * again with only a number's characters (number-rereading.mjs).
 * @param {import('tesseract.js').Worker} engine
 * @param {OcrImage} image
 * @param {{ text: string, bbox: { x0: number, y0: number, x1: number, y1: number }, confidence: number }[]} words
 *   the first reading, on the prepared image
 * @param {Record<string, string>} parameters
 */
async function readAgain(engine, image, words, parameters) {
  const width = image.straightening?.straightWidth ?? image.width;
  const height = image.straightening?.straightHeight ?? image.height;
  const gray = pixelsOf(image.pgm, width, height);
  const letter = letterHeight(words, width);
  const regions = secondPassRegions(gray, width, height, words, letter);
  const numbers = doubtedNumbers(words);
  if (regions.length === 0 && numbers.length === 0) return words;
  const readOne = async (box) => {
    const crop = cropRegion(gray, width, box, Math.round(letter / 2), 1);
    const { data } = await engine.recognize(crop.pgm, {}, { blocks: true, text: false });
    return onPage(wordsOf(data), crop);
  };
  await engine.setParameters({ tessedit_pageseg_mode: SINGLE_LINE });
  try {
    const readings = [];
    for (const region of regions) readings.push({ region, words: await readOne(region.box) });
    const numberReadings = [];
    if (numbers.length > 0) {
      // Read with only a number's characters: the reading can only say which digits they are.
      await engine.setParameters({ tessedit_char_whitelist: NUMBER_CHARACTERS });
      for (const index of numbers) {
        const box = grownBox(words[index].bbox, letter, width, height);
        numberReadings.push({ index, words: await readOne(box) });
      }
    }
    // Numbers first: the second pass's indexes name the first reading's words, which the
    // number readings replace one for one.
    return mergeSecondPass(mergeNumberReadings(words, numberReadings), readings, letter);
  } finally {
    await engine.setParameters({
      tessedit_pageseg_mode: parameters.tessedit_pageseg_mode ?? AUTOMATIC_SEGMENTATION,
      tessedit_char_whitelist: '',
    });
  }
}

/** @type {Promise<void> | undefined} */
let compiledCore;

/**
 * Compiles the engine's WebAssembly once per runner and hands the module to every OCR worker
 * started after (ocr-worker.cjs says why).
 */
function compileCore() {
  compiledCore ??= WebAssembly.compile(readFileSync(require.resolve(CORE_WASM))).then((module) =>
    setEnvironmentData(COMPILED_CORE, module),
  );
  return compiledCore;
}

async function startWorker(language, parameters) {
  const { createWorker, OEM } = require('tesseract.js');
  const langPath = languageDataPath(language);
  await compileCore();
  const worker = await createWorker(language, OEM.LSTM_ONLY, {
    workerPath: OCR_WORKER_PATH,
    langPath,
    cacheMethod: 'none',
    gzip: true,
  });
  // Automatic page segmentation (PSM 3, Tesseract's own default) rather than tesseract.js'
  // "one uniform block of text" (PSM 6): a form is blocks of captions, answers and tables, and
  // reading it as one block glues neighbours across gaps. Chosen by measurement
  // (docs/benchmarks.md "OCR engine"): field F1 on generated scans up on both dev draws, FUNSD's
  // real forms level, OCR a few per cent slower.
  await worker.setParameters({ tessedit_pageseg_mode: AUTOMATIC_SEGMENTATION, ...parameters });
  return worker;
}

/** The words tesseract read, in reading order, each with its box and confidence. */
function wordsOf(data) {
  return (data.blocks ?? []).flatMap((block) =>
    block.paragraphs.flatMap((paragraph) =>
      paragraph.lines.flatMap((line) =>
        line.words.map((word) => ({
          text: word.text,
          bbox: word.bbox,
          confidence: word.confidence,
        })),
      ),
    ),
  );
}

function ocrText(image, words) {
  return {
    source: 'ocr',
    imageWidth: image.width,
    imageHeight: image.height,
    words: [
      ...words.map((word) => ({
        text: word.text,
        bbox: onScannedPage(word.bbox, image.straightening),
        confidence: word.confidence,
      })),
      ...image.leaders.map((leader) => ({
        text: '.'.repeat(leader.dots),
        bbox: { x0: leader.x0, y0: leader.y0, x1: leader.x1, y1: leader.y1 },
        confidence: 100,
      })),
      ...image.marks.map((mark) => ({
        text: mark.ticked ? TICKED_BOX : EMPTY_BOX,
        bbox: { x0: mark.x0, y0: mark.y0, x1: mark.x1, y1: mark.y1 },
        confidence: 100,
      })),
    ],
  };
}

function languageDataPath(language) {
  try {
    const packageJson = require.resolve(`@tesseract.js-data/${language}/package.json`);
    return path.join(path.dirname(packageJson), '4.0.0_best_int');
  } catch {
    throw new RunnerError(
      'PROCESSING_FAILED',
      `OCR language data for "${language}" is not installed (npm package @tesseract.js-data/${language})`,
    );
  }
}
