// The page runner: a child process that renders pages, reads their text and runs OCR for one
// document, then exits. runner-client.ts explains why this lives in its own process and how it
// is started; runner-protocol.ts describes every message.
//
// It receives one `job` message, sends `document` (the page count), one `page` message per page
// in order, and finally `done` or `error`. Before it reads a page by OCR it asks the parent for
// a page slot (`slot-request`, answered by `slot-grant`) and gives it back when the engine is
// done with the page (`slot-release`): the parent hands out as many slots as the machine has
// cores, across every document it processes, so pages are read in parallel without
// oversubscribing the cores.

import { createOcrPool, prepareOcrImage } from './ocr-engine.mjs';
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
 * @property {number} lowResolutionOcrDpi
 * @property {string} ocrLanguage
 * @property {number} minPdfTextChars
 * @property {number} maxPages
 * @property {number} maxPixelsPerPage
 * @property {number} maxTextItemsPerPage
 * @property {number} pagesInFlight most pages read by OCR at once (the parent's slots)
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

/** Page slots asked of the parent and not yet granted, oldest first. */
const slotRequests = [];
let jobReceived = false;

process.on('message', (message) => {
  if (message?.type === 'slot-grant') {
    slotRequests.shift()?.();
    return;
  }
  if (message?.type !== 'job' || jobReceived) return;
  jobReceived = true;
  // IPC may deliver the bytes as a Buffer; pdf.js insists on a plain Uint8Array.
  const bytes = new Uint8Array(
    message.bytes.buffer,
    message.bytes.byteOffset,
    message.bytes.byteLength,
  );
  run({ ...message, bytes }).then(() => send({ type: 'done' }).then(() => process.exit(0)), fail);
});

function acquireSlot() {
  return new Promise((resolve, reject) => {
    slotRequests.push(resolve);
    send({ type: 'slot-request' }).catch(reject);
  });
}

function releaseSlot() {
  return send({ type: 'slot-release' });
}

/** @param {Job} job */
async function run(job) {
  const source = job.kind === 'pdf' ? await openPdfPages(job) : await openRasterPages(job);
  const pagesInFlight = Math.max(1, job.pagesInFlight ?? 1);
  const ocr = job.text ? createOcrPool(job.ocrLanguage, pagesInFlight) : undefined;
  try {
    await send({ type: 'document', pageCount: source.pageCount });
    // This thread prepares pages one after another (rendering, the PDF's text, the OCR image)
    // while earlier pages are recognised on the engine's worker threads and PNG-encoded on the
    // libuv pool. Pages are sent in order; one more page than may be recognised at once is
    // prepared ahead, and no further while the oldest unsent page is not out, which bounds the
    // pages held in memory whatever order they finish in.
    let sent = Promise.resolve();
    const unsent = [];
    for (let pageNumber = 1; pageNumber <= source.pageCount; pageNumber += 1) {
      if (unsent.length > pagesInFlight) await unsent.shift();
      const prepared = await preparePage(source, pageNumber, job, ocr);
      const message = finishPage(prepared, ocr);
      // The first page that fails ends the job at once, whichever pages are still running.
      message.catch(fail);
      sent = sent.then(() => message).then(send);
      // Awaited in order below or above; until then a rejection has been reported by fail.
      sent.catch(() => {});
      unsent.push(sent);
    }
    await sent;
  } finally {
    await ocr?.close();
    await source.close();
  }
}

async function preparePage(source, pageNumber, job, ocr) {
  const page = await source.page(pageNumber);
  let slot = false;
  try {
    const message = { type: 'page', pageNumber, width: page.width, height: page.height };
    let ocrImage;
    if (job.text) {
      const text = await page.pdfText();
      if (text !== undefined) message.text = text;
      else {
        await acquireSlot();
        slot = true;
        ocr.prestart();
      }
    }
    const image = job.render ? await page.render() : undefined;
    if (slot) {
      const { canvas, ...drawn } = await page.renderForOcr(image);
      ocrImage = prepareOcrImage(canvas, page.canvasModule, drawn);
    }
    const png = image === undefined ? undefined : encodePng(image);
    // Awaited in finishPage; until then a rejection must not count as unhandled (which would
    // end the process through the handler above).
    png?.catch(() => {});
    return { message, png, ocrImage };
  } catch (error) {
    if (slot) await releaseSlot();
    throw error;
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

async function finishPage({ message, png, ocrImage }, ocr) {
  const ocrText = ocrImage === undefined ? undefined : ocr.recognize(ocrImage).finally(releaseSlot);
  const [pngBytes, text] = await Promise.all([png, ocrText]);
  if (pngBytes !== undefined) message.png = pngBytes;
  if (text !== undefined) message.text = text;
  return message;
}
