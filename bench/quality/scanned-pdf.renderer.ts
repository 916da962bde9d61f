import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';

import type { SeededRandom } from './seeded-random';
import {
  type FontName,
  type LayoutPage,
  PAGE_HEIGHT,
  PAGE_WIDTH,
} from './synthetic-document.types';
import { type RenderedDocument, type TruthBox, truthKey } from './truth-box.types';

// Liberation Sans has Helvetica's metrics and DejaVu Sans Mono Courier's advance width, so the
// raster keeps the layout's alignment.
const FONT_FILES: ReadonlyArray<[string, string]> = [
  [require.resolve('pdfjs-dist/standard_fonts/LiberationSans-Regular.ttf'), 'BenchSans'],
  [require.resolve('pdfjs-dist/standard_fonts/LiberationSans-Bold.ttf'), 'BenchSans'],
  ['/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf', 'BenchMono'],
];
let fontsRegistered = false;

function registerFonts(): void {
  if (fontsRegistered) return;
  for (const [file, family] of FONT_FILES) GlobalFonts.registerFromPath(file, family);
  fontsRegistered = true;
}

function cssFont(font: FontName, sizePx: number): string {
  if (font === 'mono') return `${sizePx}px BenchMono`;
  return `${font === 'sans-bold' ? 'bold ' : ''}${sizePx}px BenchSans`;
}

export interface ScanOptions {
  readonly dpi: number;
  /** Maximum skew in degrees, either way. */
  readonly maxRotationDegrees: number;
  /** Minimum skew in degrees, either way (default 0). */
  readonly minRotationDegrees?: number;
  /** Gaussian-ish pixel noise amplitude (0..255). */
  readonly noise: number;
  readonly blurPx: number;
  readonly jpegQuality: number;
}

export const DEFAULT_SCAN_OPTIONS: ScanOptions = {
  dpi: 200,
  maxRotationDegrees: 0.6,
  noise: 22,
  blurPx: 0.6,
  jpegQuality: 78,
};

/**
 * A harsher scan (issue 28): 150 dpi (fine fax mode is 200; the outside evaluation scanned at 150), a visible skew of 1-3 degrees, heavy noise and
 * JPEG artefacts. Nothing in the engine was tuned on it.
 */
export const HARSH_SCAN_OPTIONS: ScanOptions = {
  dpi: 150,
  minRotationDegrees: 1,
  maxRotationDegrees: 3,
  noise: 38,
  blurPx: 0.8,
  jpegQuality: 45,
};

/** A skew between the minimum and maximum, either way. */
function skewRadians(rng: SeededRandom, options: ScanOptions): number {
  const min = options.minRotationDegrees ?? 0;
  const degrees = rng.float(min, options.maxRotationDegrees) * (rng.chance(0.5) ? -1 : 1);
  return (degrees * Math.PI) / 180;
}

function rotatePoint(
  x: number,
  y: number,
  cx: number,
  cy: number,
  angle: number,
): [number, number] {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return [cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos];
}

function addNoise(
  ctx: SKRSContext2D,
  width: number,
  height: number,
  rng: SeededRandom,
  amplitude: number,
): void {
  const image = ctx.getImageData(0, 0, width, height);
  const data = image.data;
  const tint = rng.int(0, 14);
  for (let i = 0; i < data.length; i += 4) {
    // Sum of two uniforms: cheap, roughly bell-shaped noise.
    const n = (rng.next() + rng.next() - 1) * amplitude;
    const speck = rng.next() < 0.0006 ? -160 : 0;
    for (let c = 0; c < 3; c += 1)
      data[i + c] = Math.max(
        0,
        Math.min(255, data[i + c] - tint * (c === 2 ? 1.4 : 1) + n + speck),
      );
  }
  ctx.putImageData(image, 0, 0);
}

/**
 * Draws the same layout as a page image with skew, blur, noise and JPEG artefacts, and wraps
 * each image as an image-only PDF page, like a scanner would. Truth boxes are the glyph extents
 * measured by the canvas, rotated with the page.
 */
export async function renderScannedPdf(
  pages: readonly LayoutPage[],
  rng: SeededRandom,
  options: ScanOptions = DEFAULT_SCAN_OPTIONS,
): Promise<RenderedDocument> {
  registerFonts();
  const scale = options.dpi / 72;
  const width = Math.round(PAGE_WIDTH * scale);
  const height = Math.round(PAGE_HEIGHT * scale);
  const doc = await PDFDocument.create({ updateMetadata: false });
  const truthBoxes = new Map<string, TruthBox>();

  for (const [index, layout] of pages.entries()) {
    const angle =
      options.minRotationDegrees === undefined
        ? (rng.float(-1, 1) * options.maxRotationDegrees * Math.PI) / 180
        : skewRadians(rng, options);
    const sharp = createCanvas(width, height);
    const ctx = sharp.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    ctx.translate(width / 2, height / 2);
    ctx.rotate(angle);
    ctx.translate(-width / 2, -height / 2);
    for (const r of layout.rules) {
      if (r.fill !== undefined) {
        const grey = Math.round(r.fill * 255);
        ctx.fillStyle = `rgb(${grey},${grey},${grey})`;
        ctx.fillRect(r.x0 * scale, r.y0 * scale, (r.x1 - r.x0) * scale, (r.y1 - r.y0) * scale);
      } else {
        ctx.strokeStyle = '#202020';
        ctx.lineWidth = Math.max(1, (r.width ?? 0.6) * scale);
        ctx.beginPath();
        ctx.moveTo(r.x0 * scale, r.y0 * scale);
        ctx.lineTo(r.x1 * scale, r.y1 * scale);
        ctx.stroke();
      }
    }
    ctx.fillStyle = '#151515';
    ctx.textBaseline = 'alphabetic';
    for (const run of layout.runs) {
      ctx.font = cssFont(run.font, run.size * scale);
      const x = run.x * scale;
      const y = run.baseline * scale;
      ctx.fillText(run.text, x, y);
      if (!run.truth) continue;
      const metrics = ctx.measureText(run.text);
      const corners = [
        [x - metrics.actualBoundingBoxLeft, y - metrics.actualBoundingBoxAscent],
        [x + metrics.actualBoundingBoxRight, y - metrics.actualBoundingBoxAscent],
        [x - metrics.actualBoundingBoxLeft, y + metrics.actualBoundingBoxDescent],
        [x + metrics.actualBoundingBoxRight, y + metrics.actualBoundingBoxDescent],
      ].map(([px, py]) => rotatePoint(px, py, width / 2, height / 2, angle));
      truthBoxes.set(truthKey(run.truth), {
        page: index + 1,
        box: {
          x0: Math.min(...corners.map((c) => c[0])) / width,
          y0: Math.min(...corners.map((c) => c[1])) / height,
          x1: Math.max(...corners.map((c) => c[0])) / width,
          y1: Math.max(...corners.map((c) => c[1])) / height,
        },
      });
    }

    const scanned = createCanvas(width, height);
    const out = scanned.getContext('2d');
    out.filter = `blur(${options.blurPx}px)`;
    out.drawImage(sharp, 0, 0);
    out.filter = 'none';
    addNoise(out, width, height, rng, options.noise);
    const jpeg = await scanned.encode('jpeg', options.jpegQuality);
    const image = await doc.embedJpg(jpeg);
    const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    page.drawImage(image, { x: 0, y: 0, width: PAGE_WIDTH, height: PAGE_HEIGHT });
  }
  return { pdf: await doc.save(), truthBoxes };
}
