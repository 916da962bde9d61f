import { dirname, join } from 'node:path';

import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';

import type { PlacedRun } from './placed-pdf';

// A font shipped with pdfjs-dist, so drawn scans look the same on every machine.
const FONT_FAMILY = 'E2E Scan Sans';
GlobalFonts.registerFromPath(
  join(
    dirname(require.resolve('pdfjs-dist/package.json')),
    'standard_fonts',
    'LiberationSans-Regular.ttf',
  ),
  FONT_FAMILY,
);

/** 200 dpi, as an office scanner's default. */
const SCALE = 200 / 72;
const PAGE: [number, number] = [612, 792];

/** How the sheet lay on the scanner: turned a little and shifted (points). */
export interface ScanPose {
  degrees: number;
  dx: number;
  dy: number;
}

/**
 * A one-page image-only PDF of the placed runs, as a scanner returns a printed form: the page
 * turned and shifted on the glass, its words read back by OCR.
 */
export async function placedScan(runs: PlacedRun[], pose: ScanPose): Promise<Buffer> {
  const [width, height] = PAGE.map((points) => Math.round(points * SCALE));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.translate(width / 2 + pose.dx * SCALE, height / 2 + pose.dy * SCALE);
  context.rotate((pose.degrees * Math.PI) / 180);
  context.translate(-width / 2, -height / 2);
  context.fillStyle = '#000000';
  for (const run of runs) {
    const size = run.size ?? 10;
    context.font = `${size * SCALE}px "${FONT_FAMILY}"`;
    context.fillText(run.text, run.x * SCALE, (run.y + size * 0.8) * SCALE);
  }
  // Synchronous: the async encode let a garbage collection free the canvas mid-read (SIGSEGV).
  const png = canvas.encodeSync('png');
  const document = await PDFDocument.create();
  const image = await document.embedPng(png);
  document.addPage(PAGE).drawImage(image, { x: 0, y: 0, width: PAGE[0], height: PAGE[1] });
  return Buffer.from(await document.save());
}
