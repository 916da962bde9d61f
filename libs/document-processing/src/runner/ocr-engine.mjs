import { createRequire } from 'node:module';
import path from 'node:path';

import { toPgm } from './canvas-module.mjs';
import { eraseDottedLeaders } from './dotted-leaders.mjs';
import { RunnerError } from './runner-error.mjs';

const require = createRequire(import.meta.url);

/**
 * Tesseract, started on first use (a page with a text layer never pays for it). Everything it
 * needs comes from node_modules: the core (tesseract.js always loads tesseract.js-core from its
 * own dependencies on Node.js) and the language data from @tesseract.js-data/<language>, the
 * LSTM-only "best_int" model. `cacheMethod: 'none'` stops tesseract.js from writing a copy of the
 * language data into the working directory. With a local langPath it never fetches anything.
 * @param {string} language tesseract code, validated by the parent (e.g. "eng")
 */
export function createOcrEngine(language) {
  /** @type {Promise<import('tesseract.js').Worker> | undefined} */
  let started;

  async function start() {
    const { createWorker, OEM, PSM } = require('tesseract.js');
    const worker = await createWorker(language, OEM.LSTM_ONLY, {
      langPath: languageDataPath(language),
      cacheMethod: 'none',
      gzip: true,
    });
    // Automatic page segmentation (PSM 3, Tesseract's own default) rather than tesseract.js'
    // "one uniform block of text" (PSM 6): a form is blocks of captions, answers and tables, and
    // reading it as one block glues neighbours across gaps. Chosen by measurement
    // (docs/benchmarks.md "OCR engine"): field F1 on generated scans up on both dev draws, FUNSD's
    // real forms level, OCR a few per cent slower.
    await worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO });
    return worker;
  }

  return {
    /**
     * @param {import('@napi-rs/canvas').Canvas} canvas
     */
    async recognize(canvas) {
      // Read the pixels before the first await: the caller encodes the same canvas next.
      const image = toPgm(canvas);
      // Dotted leaders are erased from the image (tesseract reads them as junk letters that
      // garble their neighbours too) and put back as words of dots where they were printed.
      const pixels = image.subarray(image.length - canvas.width * canvas.height);
      const leaders = eraseDottedLeaders(pixels, canvas.width, canvas.height);
      started ??= start();
      const worker = await started;
      const { data } = await worker.recognize(image, {}, { blocks: true, text: false });
      const words = (data.blocks ?? []).flatMap((block) =>
        block.paragraphs.flatMap((paragraph) => paragraph.lines.flatMap((line) => line.words)),
      );
      return {
        source: 'ocr',
        imageWidth: canvas.width,
        imageHeight: canvas.height,
        words: [
          ...words.map((word) => ({
            text: word.text,
            bbox: { x0: word.bbox.x0, y0: word.bbox.y0, x1: word.bbox.x1, y1: word.bbox.y1 },
            confidence: word.confidence,
          })),
          ...leaders.map((leader) => ({
            text: '.'.repeat(leader.dots),
            bbox: { x0: leader.x0, y0: leader.y0, x1: leader.x1, y1: leader.y1 },
            confidence: 100,
          })),
        ],
      };
    },
    async close() {
      if (started === undefined) return;
      const worker = await started.catch(() => undefined);
      await worker?.terminate();
    },
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
