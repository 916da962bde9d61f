// The page runner: a child process that renders pages, reads their text and runs OCR for one
// document, then exits. runner-client.ts explains why this lives in its own process and how it
// is started; runner-protocol.ts describes every message.
//
// It receives one `job` message, sends `document` (the page count), one `page` message per page
// in order, and finally `done` or `error`.

import { createOcrEngine } from './ocr-engine.mjs';
import { openPdfPages } from './pdf-pages.mjs';
import { openRasterPages } from './raster-pages.mjs';
import { toRunnerError } from './runner-error.mjs';

/**
 * @typedef {object} Job
 * @property {'pdf' | 'png' | 'jpeg' | 'tiff'} kind
 * @property {Uint8Array} bytes
 * @property {boolean} render
 * @property {boolean} text
 * @property {number} dpi
 * @property {number} ocrDpi
 * @property {string} ocrLanguage
 * @property {number} minPdfTextChars
 * @property {number} maxPages
 * @property {number} maxPixelsPerPage
 * @property {number} maxTextItemsPerPage
 */

// Nothing here needs the network; make any attempt fail instead of reaching out.
globalThis.fetch = async () => {
  throw new Error('network access is disabled in the page runner');
};

/** @param {object} message */
function send(message) {
  return new Promise((resolve, reject) => {
    process.send(message, (error) => (error ? reject(error) : resolve()));
  });
}

async function fail(error) {
  const { code, message } = toRunnerError(error);
  await send({ type: 'error', code, message }).catch(() => {});
  process.exit(1);
}

// A parent that went away cannot receive results: stop at once.
process.on('disconnect', () => process.exit(1));
// pdf.js and the decoders run on hostile input; anything escaping them still ends as a report.
process.on('uncaughtException', fail);
process.on('unhandledRejection', fail);

process.once('message', (message) => {
  // IPC may deliver the bytes as a Buffer; pdf.js insists on a plain Uint8Array.
  const bytes = new Uint8Array(
    message.bytes.buffer,
    message.bytes.byteOffset,
    message.bytes.byteLength,
  );
  run({ ...message, bytes }).then(() => send({ type: 'done' }).then(() => process.exit(0)), fail);
});

/** @param {Job} job */
async function run(job) {
  const source = job.kind === 'pdf' ? await openPdfPages(job) : await openRasterPages(job);
  const ocr = job.text ? createOcrEngine(job.ocrLanguage) : undefined;
  try {
    await send({ type: 'document', pageCount: source.pageCount });
    // Two pages in flight: while page n is PNG-encoded (libuv thread pool) and OCR'd (tesseract's
    // worker thread), this thread renders page n + 1.
    let previous = Promise.resolve();
    for (let pageNumber = 1; pageNumber <= source.pageCount; pageNumber += 1) {
      const prepared = await preparePage(source, pageNumber, job, ocr);
      await previous;
      previous = finishPage(prepared);
      // Marks the rejection as handled until the next iteration awaits it.
      previous.catch(() => {});
    }
    await previous;
  } finally {
    await ocr?.close();
    await source.close();
  }
}

async function preparePage(source, pageNumber, job, ocr) {
  const page = await source.page(pageNumber);
  try {
    const message = { type: 'page', pageNumber, width: page.width, height: page.height };
    const image = job.render ? await page.render() : undefined;
    let ocrResult;
    if (job.text) {
      const text = await page.pdfText();
      if (text !== undefined) message.text = text;
      else {
        const ocrImage =
          image !== undefined && page.ocrUsesRenderImage ? image : await page.renderForOcr();
        ocrResult = ocr.recognize(ocrImage);
      }
    }
    const png = image === undefined ? undefined : encodePng(image);
    // Both are awaited in finishPage, after the previous page; until then a rejection must not
    // count as unhandled (which would end the process through the handler above).
    png?.catch(() => {});
    ocrResult?.catch(() => {});
    return { message, png, ocrResult };
  } finally {
    page.close();
  }
}

/**
 * PNG-encodes on the libuv thread pool. @napi-rs/canvas (up to its fix for issue #1312) does not
 * keep the canvas alive while the encode runs, and a garbage collection in that window frees the
 * pixels under the encoder: a segfault. The closure below holds the canvas until it is done.
 * @param {import('@napi-rs/canvas').Canvas} canvas
 */
function encodePng(canvas) {
  return canvas.encode('png').finally(() => canvas.width);
}

async function finishPage({ message, png, ocrResult }) {
  const [pngBytes, ocrText] = await Promise.all([png, ocrResult]);
  if (pngBytes !== undefined) message.png = pngBytes;
  if (ocrText !== undefined) message.text = ocrText;
  await send(message);
}
