import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Two copies of @napi-rs/canvas may be installed, and each side uses its own:
 * - pdf.js creates scratch canvases (and the Path2D it draws) with the copy it resolves from its
 *   own folder, and canvases of two copies of a native addon cannot be drawn onto each other, so
 *   PDF pages are drawn on canvases of exactly that copy;
 * - images (PNG, JPEG, TIFF) are decoded and drawn with the project's own copy, which is the
 *   newer one: the copy pdf.js pins (0.1.x) crashes on a truncated PNG instead of failing.
 * Each is loaded on first use, so a job only ever loads one of them.
 */
let pdfCopy;
let imageCopy;

/** @returns {typeof import('@napi-rs/canvas')} */
export function pdfCanvasModule() {
  pdfCopy ??= createRequire(require.resolve('pdfjs-dist/package.json'))('@napi-rs/canvas');
  return pdfCopy;
}

/** @returns {typeof import('@napi-rs/canvas')} */
export function imageCanvasModule() {
  imageCopy ??= require('@napi-rs/canvas');
  return imageCopy;
}

/**
 * A canvas filled with white: page images are opaque, and OCR must not read transparent pixels
 * as black.
 * @param {typeof import('@napi-rs/canvas')} canvasModule
 * @param {number} width
 * @param {number} height
 */
export function createPageCanvas(canvasModule, width, height) {
  const canvas = canvasModule.createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  return { canvas, context };
}

/**
 * Grayscale PGM (binary PNM) of a canvas: tesseract reads it directly, and building it takes a
 * few milliseconds where a PNG round trip takes a hundred.
 * @param {import('@napi-rs/canvas').Canvas} canvas
 */
export function toPgm(canvas) {
  const { width, height } = canvas;
  const { data } = canvas.getContext('2d').getImageData(0, 0, width, height);
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'ascii');
  const gray = Buffer.allocUnsafe(width * height);
  for (let source = 0, target = 0; target < gray.length; source += 4, target += 1) {
    const luma = (data[source] * 77 + data[source + 1] * 150 + data[source + 2] * 29) >> 8;
    const alpha = data[source + 3];
    // Composite over white, in case a source left pixels transparent.
    gray[target] = (luma * alpha + 255 * (255 - alpha)) / 255;
  }
  return Buffer.concat([header, gray]);
}

/**
 * The scale that renders at `scale` unless that exceeds the pixel cap, in which case the largest
 * scale within it.
 * @param {number} width at scale 1
 * @param {number} height at scale 1
 * @param {number} scale
 * @param {number} maxPixels
 */
export function fitScale(width, height, scale, maxPixels) {
  const pixels = width * scale * height * scale;
  return pixels <= maxPixels ? scale : scale * Math.sqrt(maxPixels / pixels);
}
