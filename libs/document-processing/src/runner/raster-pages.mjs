import { createRequire } from 'node:module';

import { createPageCanvas, imageCanvasModule } from './canvas-module.mjs';
import { assertImageIntact } from './image-integrity.mjs';
import { RunnerError } from './runner-error.mjs';

const require = createRequire(import.meta.url);
/** @type {typeof import('utif2')} */
const UTIF = require('utif2');

const TIFF_NEW_SUBFILE_TYPE = 't254';
const TIFF_REDUCED_RESOLUTION = 1;
const CENTIMETRES_PER_INCH = 2.54;

/**
 * PNG and JPEG are one page at their own pixel size (their DPI metadata is too often missing or
 * meaningless to scale by). TIFF, the scanner format, is one page per image directory, scaled
 * down by its resolution tags to the requested DPI, and for OCR to the OCR DPI (never up: that
 * adds pixels, not detail).
 * @param {import('./page-runner.mjs').Job} job
 */
export async function openRasterPages(job) {
  const canvasModule = imageCanvasModule();
  if (job.kind === 'tiff') return openTiff(job);
  assertImageIntact(job.bytes, job.kind, (width, height) => assertPixels(width, height, job));
  const image = await canvasModule.loadImage(Buffer.from(job.bytes));
  assertPixels(image.width, image.height, job);
  const { canvas, context } = createPageCanvas(canvasModule, image.width, image.height);
  context.drawImage(image, 0, 0);
  return {
    pageCount: 1,
    page: async () => nativePage(canvas),
    close: async () => {},
  };
}

/*
 * A PNG or JPEG of a whole page with a long side under this many pixels was scanned or faxed
 * below about 150 dpi: its letters are a few pixels high, and Tesseract reads them better
 * enlarged (on FUNSD's 754x1000 px forms, 2.2x enlarged gave 13 % more words and 18 % more
 * question-answer links; bench/forms). Enlarged to OCR_LONG_SIDE pixels, about 200 dpi.
 */
const SMALL_PAGE_LONG_SIDE = 1600;
const OCR_LONG_SIDE = 2200;
const MAX_OCR_ENLARGEMENT = 3;

function nativePage(canvas) {
  const longSide = Math.max(canvas.width, canvas.height);
  const enlarge =
    longSide < SMALL_PAGE_LONG_SIDE ? Math.min(MAX_OCR_ENLARGEMENT, OCR_LONG_SIDE / longSide) : 1;
  return {
    width: canvas.width,
    height: canvas.height,
    canvasModule: imageCanvasModule(),
    render: async () => canvas,
    // Small images, enlarged, are binarised locally (Sauvola) like low-resolution PDF scans
    // (ocr-engine.mjs): on FUNSD's real ~100-dpi forms (training split, 20 forms) words read
    // exactly rose 64.4 -> 65.9 % and their letter-and-digit pieces 78.9 -> 81.7 % (number
    // pieces 71.3 -> 74.2 %) at the same CPU (bench/ocr/ocr-end-to-end.ts; docs/benchmarks.md).
    // Enlarging them to 3000 px instead of 2200 read no more and cost 13 % more CPU.
    // Their form rules are erased before OCR too (form-rules.mjs): on FUNSD's training forms
    // (first 50) words read exactly rose 66.9 -> 70.2 %, number pieces 73.3 -> 80.7 %, answer
    // words OCR missed altogether fell from 13.1 to 2.8 %, and label-given right answers rose
    // 0.339 -> 0.365 exact (docs/benchmarks.md, "Form rules before OCR").
    renderForOcr: async () => ({
      canvas: enlarge === 1 ? canvas : enlarged(canvas, enlarge),
      lowResolution: enlarge !== 1,
      formRules: enlarge !== 1,
    }),
    pdfText: async () => undefined,
    close: () => {},
  };
}

/** The page drawn larger with smoothing, for OCR only (the stored page image keeps its size). */
function enlarged(canvas, factor) {
  const width = Math.round(canvas.width * factor);
  const height = Math.round(canvas.height * factor);
  const { canvas: larger, context } = createPageCanvas(imageCanvasModule(), width, height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(canvas, 0, 0, width, height);
  return larger;
}

function openTiff(job) {
  countImageDirectories(job.bytes, job.maxPages);
  // UTIF copies a typed array it is given on every call; hand it the buffer itself.
  const data = job.bytes.slice().buffer;
  const directories = UTIF.decode(data, { parseMN: false, debug: false }).filter(
    (ifd) =>
      ifd.t256 !== undefined &&
      ifd.t257 !== undefined &&
      ((ifd[TIFF_NEW_SUBFILE_TYPE]?.[0] ?? 0) & TIFF_REDUCED_RESOLUTION) === 0,
  );
  if (directories.length === 0) throw new RunnerError('CORRUPT_FILE', 'the TIFF has no images');
  return {
    pageCount: directories.length,
    page: async (pageNumber) => tiffPage(job, data, directories[pageNumber - 1]),
    close: async () => {},
  };
}

function tiffPage(job, data, ifd) {
  const canvasModule = imageCanvasModule();
  const width = ifd.t256[0];
  const height = ifd.t257[0];
  assertPixels(width, height, job);
  UTIF.decodeImage(data, ifd);
  const rgba = UTIF.toRGBA8(ifd);
  if (rgba.length !== width * height * 4) {
    throw new RunnerError('CORRUPT_FILE', 'the TIFF image data cannot be decoded');
  }
  // putImageData replaces pixels (alpha included), so decode into a scratch canvas and draw that
  // onto a white page.
  const scratch = canvasModule.createCanvas(width, height);
  const imageData = new canvasModule.ImageData(
    new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.length),
    width,
    height,
  );
  scratch.getContext('2d').putImageData(imageData, 0, 0);
  const native = createPageCanvas(canvasModule, width, height);
  native.context.drawImage(scratch, 0, 0);

  // Fax resolutions differ per axis (204 x 196 dpi), so each axis is scaled by its own tag.
  const sizeAt = (dpi) => ({
    width: Math.max(1, Math.round(width * Math.min(1, dpi / resolution(ifd, 't282')))),
    height: Math.max(1, Math.round(height * Math.min(1, dpi / resolution(ifd, 't283')))),
  });
  const scaledTo = async ({ width: targetWidth, height: targetHeight }) => {
    if (targetWidth === width && targetHeight === height) return native.canvas;
    const scaled = createPageCanvas(canvasModule, targetWidth, targetHeight);
    scaled.context.imageSmoothingQuality = 'high';
    scaled.context.drawImage(native.canvas, 0, 0, targetWidth, targetHeight);
    return scaled.canvas;
  };
  const page = sizeAt(job.dpi);
  const ocr = sizeAt(job.ocrDpi);
  return {
    ...page,
    canvasModule,
    render: () => scaledTo(page),
    /** @param {import('@napi-rs/canvas').Canvas} [rendered] the page image, if drawn already */
    renderForOcr: async (rendered) => ({
      canvas:
        rendered !== undefined && page.width === ocr.width && page.height === ocr.height
          ? rendered
          : await scaledTo(ocr),
      lowResolution: false,
    }),
    pdfText: async () => undefined,
    close: () => {},
  };
}

/** Dots per inch of one axis; TIFF's default when the tag is absent is 72. */
function resolution(ifd, tag) {
  const value = ifd[tag]?.[0];
  const dots = Array.isArray(value) ? value[0] / value[1] : Number(value);
  if (!Number.isFinite(dots) || dots <= 0) return 72;
  return ifd.t296?.[0] === 3 ? dots * CENTIMETRES_PER_INCH : dots;
}

function assertPixels(width, height, job) {
  if (!(width > 0 && height > 0)) throw new RunnerError('CORRUPT_FILE', 'the image has no pixels');
  if (width * height > job.maxPixelsPerPage) {
    throw new RunnerError(
      'TOO_LARGE',
      `the image is ${width} x ${height} pixels; at most ${job.maxPixelsPerPage} pixels per page are processed`,
    );
  }
}

/**
 * Walks the chain of image directories before the decoder does: the decoder follows it without
 * guarding against a chain that loops back on itself, which would never end.
 * @param {Uint8Array} bytes
 * @param {number} maxPages
 */
function countImageDirectories(bytes, maxPages) {
  const corrupt = () => new RunnerError('CORRUPT_FILE', 'the TIFF structure is damaged');
  if (bytes.length < 8) throw corrupt();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const little = bytes[0] === 0x49;
  const seen = new Set();
  let offset = view.getUint32(4, little);
  while (offset !== 0) {
    if (seen.has(offset) || offset + 2 > bytes.length) throw corrupt();
    seen.add(offset);
    const next = offset + 2 + view.getUint16(offset, little) * 12;
    if (next + 4 > bytes.length) throw corrupt();
    if (seen.size > maxPages) {
      throw new RunnerError('TOO_MANY_PAGES', `the TIFF has more than ${maxPages} pages`);
    }
    offset = view.getUint32(next, little);
  }
  return seen.size;
}
