import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The runner's modules are ES modules for Node itself; each check runs there, as the runner
 * does, on pages drawn with the runner's own canvas module, and answers in JSON.
 */
function inNode<T>(body: string): T {
  const modules = [
    `import * as prep from ${JSON.stringify(join(__dirname, 'scan-preparation.mjs'))};`,
    `import { createPageCanvas, imageCanvasModule, toPgm } from ${JSON.stringify(join(__dirname, 'canvas-module.mjs'))};`,
  ];
  const helpers = `
    const canvasModule = imageCanvasModule();
    const page = (width, height) => createPageCanvas(canvasModule, width, height);
    const grayOf = (canvas) => toPgm(canvas).subarray(-canvas.width * canvas.height);
    /** Lines of dark bars (words) on a page turned by degrees about its centre. */
    function textPage(degrees, width = 1200, height = 1500) {
      const { canvas, context } = page(width, height);
      context.translate(width / 2, height / 2);
      context.rotate((degrees * Math.PI) / 180);
      context.translate(-width / 2, -height / 2);
      context.fillStyle = '#000';
      for (let y = 120; y < height - 120; y += 42) {
        for (let x = 100; x < width - 200; x += 150) context.fillRect(x, y, 110 + (x % 7) * 3, 16);
      }
      return canvas;
    }
  `;
  const result = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', [...modules, helpers, body].join('\n')],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.status !== 0) throw new Error(result.stderr.toString());
  return JSON.parse(result.stdout.toString()) as T;
}

const toDegrees = (radians: number) => (radians * 180) / Math.PI;

describe('estimateSkew', () => {
  it('reads the angle a page was fed at, either way, to within a tenth of a degree', () => {
    const angles = inNode<number[]>(`
      const angles = [2.3, -1.2, 0.6, -3.4].map((degrees) => {
        const canvas = textPage(degrees);
        return prep.estimateSkew(grayOf(canvas), canvas.width, canvas.height);
      });
      process.stdout.write(JSON.stringify(angles));
    `);
    [2.3, -1.2, 0.6, -3.4].forEach((degrees, index) => {
      expect(Math.abs(toDegrees(angles[index]!) - degrees)).toBeLessThanOrEqual(0.1);
    });
  });

  it('leaves a straight page, a page within the smallest skew and a blank page alone', () => {
    const angles = inNode<number[]>(`
      const pages = [textPage(0), textPage(prep.MIN_DESKEW_DEGREES / 2), page(800, 1000).canvas];
      process.stdout.write(JSON.stringify(pages.map((canvas) =>
        prep.estimateSkew(grayOf(canvas), canvas.width, canvas.height))));
    `);
    expect(angles).toEqual([0, 0, 0]);
  });
});

describe('straightened', () => {
  it('turns the page level without cutting a corner off, and maps boxes back where they were scanned', () => {
    const found = inNode<{
      width: number;
      height: number;
      level: number;
      straightWidth: number;
      straightHeight: number;
      corner: { x0: number; y0: number; x1: number; y1: number };
      expected: { x: number; y: number };
    }>(`
      const degrees = 2.5;
      const angle = (degrees * Math.PI) / 180;
      const scanned = textPage(degrees);
      // A mark in the page's top-left corner, where turning cuts off first.
      const mark = { x: 30, y: 30, size: 12 };
      const context = scanned.getContext('2d');
      context.setTransform(1, 0, 0, 1, 0, 0);
      context.fillStyle = '#000';
      context.fillRect(mark.x, mark.y, mark.size, mark.size);
      const { canvas, straightening } = prep.straightened(scanned, page, angle);
      const gray = grayOf(canvas);
      // The straightened page reads level, and the mark is on it where turning the page back
      // puts it (looked for in a small window around that point, away from the text).
      const level = prep.estimateSkew(gray, canvas.width, canvas.height);
      const dx = mark.x + mark.size / 2 - scanned.width / 2;
      const dy = mark.y + mark.size / 2 - scanned.height / 2;
      const px = Math.round(canvas.width / 2 + dx * Math.cos(angle) + dy * Math.sin(angle));
      const py = Math.round(canvas.height / 2 - dx * Math.sin(angle) + dy * Math.cos(angle));
      let x0 = Infinity, y0 = Infinity, x1 = -1, y1 = -1;
      for (let y = Math.max(0, py - 15); y < py + 15; y += 1) for (let x = Math.max(0, px - 15); x < px + 15; x += 1) {
        if (gray[y * canvas.width + x] < 128) {
          x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x + 1); y1 = Math.max(y1, y + 1);
        }
      }
      const corner = prep.boxOnScannedPage({ x0, y0, x1, y1 }, straightening);
      process.stdout.write(JSON.stringify({
        width: scanned.width, height: scanned.height, level,
        straightWidth: canvas.width, straightHeight: canvas.height, corner,
        expected: { x: mark.x + mark.size / 2, y: mark.y + mark.size / 2 },
      }));
    `);
    expect(found.level).toBe(0);
    expect(found.straightWidth).toBeGreaterThan(found.width);
    expect(found.straightHeight).toBeGreaterThan(found.height);
    const centreX = (found.corner.x0 + found.corner.x1) / 2;
    const centreY = (found.corner.y0 + found.corner.y1) / 2;
    expect(Math.abs(centreX - found.expected.x)).toBeLessThanOrEqual(2);
    expect(Math.abs(centreY - found.expected.y)).toBeLessThanOrEqual(2);
    // The word's own size is kept, not the larger box around it turned.
    expect(found.corner.x1 - found.corner.x0).toBeLessThanOrEqual(14);
  });

  it('keeps a mapped box on the page', () => {
    const box = inNode<{ x0: number; y0: number; x1: number; y1: number }>(`
      const straightening = { angle: 0.05, width: 100, height: 100, straightWidth: 110, straightHeight: 110 };
      process.stdout.write(JSON.stringify(prep.boxOnScannedPage({ x0: 0, y0: 0, x1: 20, y1: 10 }, straightening)));
    `);
    expect(Math.min(box.x0, box.y0)).toBeGreaterThanOrEqual(0);
    expect(Math.max(box.x1, box.y1)).toBeLessThanOrEqual(100);
  });
});
