/**
 * Page rendering: our renderer (pdf.js + canvas in the page-runner child process) against
 * poppler's pdftoppm, on the same generated 50-page PDF, at the same resolution, both writing
 * PNG, in the same run. Rounds alternate so both see the same machine noise; each side keeps
 * its median round. Our figure includes starting the child process; pdftoppm's includes starting
 * pdftoppm and writing its PNG files (ours stay in memory). Target: >= 0.5x pdftoppm.
 *   node -r @swc-node/register bench/page-render.ts [--pages 50] [--dpi 150] [--rounds 3]
 *
 * Needs pdftoppm (Debian: apt-get install -y poppler-utils).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { renderPages } from '@docket/document-processing';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '50' },
    dpi: { type: 'string', default: '150' },
    rounds: { type: 'string', default: '3' },
  },
});
const PAGES = Number(values.pages);
const DPI = Number(values.dpi);
const ROUNDS = Number(values.rounds);
const TARGET_RATIO = 0.5;

/** A claim-file-like page: a heading, 40 lines of body text, a table grid and a filled box. */
async function generatePdf(pages: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  for (let index = 0; index < pages; index += 1) {
    const page = document.addPage([612, 792]);
    page.drawText(`Claim 2024-${1000 + index}: first notice of loss`, {
      x: 56,
      y: 740,
      size: 16,
      font: bold,
    });
    for (let line = 0; line < 40; line += 1) {
      page.drawText(
        `${line + 1}. The insured reports water damage to the kitchen ceiling; adjuster visit pending.`,
        { x: 56, y: 710 - line * 14, size: 9.5, font: regular },
      );
    }
    for (let row = 0; row <= 5; row += 1) {
      page.drawLine({ start: { x: 56, y: 140 - row * 18 }, end: { x: 556, y: 140 - row * 18 } });
    }
    page.drawRectangle({ x: 420, y: 700, width: 136, height: 40, color: rgb(0.85, 0.9, 1) });
  }
  return document.save();
}

function hasPdftoppm(): boolean {
  return spawnSync('pdftoppm', ['-v']).error === undefined;
}

async function timeOurs(pdf: Uint8Array): Promise<number> {
  const started = process.hrtime.bigint();
  const pages = await renderPages(pdf, { dpi: DPI, maxPages: PAGES });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (pages.length !== PAGES) throw new Error(`rendered ${pages.length} pages, expected ${PAGES}`);
  return PAGES / seconds;
}

function timePdftoppm(file: string, folder: string): number {
  const output = join(folder, `round-${Date.now()}`);
  const started = process.hrtime.bigint();
  execFileSync('pdftoppm', ['-png', '-r', String(DPI), file, output]);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const written = readdirSync(folder).filter((name) => name.startsWith(output.split('/').pop()!));
  if (written.length !== PAGES)
    throw new Error(`pdftoppm wrote ${written.length} pages, expected ${PAGES}`);
  return PAGES / seconds;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main(): Promise<void> {
  if (!hasPdftoppm()) {
    process.stderr.write(
      'pdftoppm is missing: apt-get update && apt-get install -y poppler-utils\n',
    );
    process.exit(1);
  }
  const folder = mkdtempSync(join(tmpdir(), 'page-render-bench-'));
  try {
    const pdf = await generatePdf(PAGES);
    const file = join(folder, 'bench.pdf');
    writeFileSync(file, pdf);
    process.stdout.write(`${PAGES}-page PDF (${pdf.length} bytes), ${DPI} dpi, PNG output\n`);
    // Warm the file cache and the module caches of both sides once, untimed.
    await renderPages(pdf, { dpi: 36, maxPages: PAGES });
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '36',
      '-f',
      '1',
      '-l',
      '1',
      file,
      join(folder, 'warm'),
    ]);

    const ours: number[] = [];
    const poppler: number[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      ours.push(await timeOurs(pdf));
      poppler.push(timePdftoppm(file, folder));
      process.stdout.write(
        `  round ${round}/${ROUNDS}  ours ${ours.at(-1)!.toFixed(2)} pages/s  pdftoppm ${poppler.at(-1)!.toFixed(2)} pages/s\n`,
      );
    }
    const subject = median(ours);
    const baseline = median(poppler);
    const ratio = subject / baseline;
    process.stdout.write(
      [
        '',
        'Page rendering (median of rounds)',
        `  pdftoppm -png -r ${DPI}: ${baseline.toFixed(2)} pages/s`,
        `  renderPages dpi ${DPI}:  ${subject.toFixed(2)} pages/s`,
        `  ratio ${ratio.toFixed(2)}x (target >= ${TARGET_RATIO}x) ${ratio >= TARGET_RATIO ? 'MET' : 'NOT MET'}`,
        '',
      ].join('\n'),
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
