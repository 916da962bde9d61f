/**
 * OCR throughput: scanned pages (a text-free PDF page holding a 200 dpi image of a typed letter
 * page) through the page runner and the text layer, as extractTextLayer reads them. Prints, for
 * this build and a baseline measured in the same run (rounds alternate, each side's median
 * kept):
 * - pages per minute for a one-page document (start-up of the runner and tesseract included,
 *   the usual upload) and for a multi-page document;
 * - CPU seconds per page of the whole pipeline (this process and the runner process, every
 *   thread), and its ratio to the engine's own cost;
 * - where a page's CPU goes, stage by stage (render, prepare, recognise, text layer), from
 *   this build's modules run one stage at a time (bench/ocr/ocr-stages.ts);
 * - the share of drawn words read back exactly, so that speed is not bought with accuracy, and
 *   whether both sides' text layers are identical.
 * The baseline is another build's page runner (--baseline-runner, e.g. a worktree of the
 * commit before) or, by default, this build reading one page at a time (one page slot).
 *   node -r @swc-node/register bench/ocr.ts [--pages 4] [--ocr-dpi 200] [--rounds 3]
 *     [--baseline-runner /path/to/other/libs/document-processing/src/runner/page-runner.mjs]
 */
import { parseArgs } from 'node:util';

import { PageSlots, PROCESS_PAGE_SLOTS, TextLayerPage } from '@docket/document-processing';
import { PDFDocument } from 'pdf-lib';

import { resolvePageProcessingOptions } from '../libs/document-processing/src/pages/page-processing-options';
import { textLayerPage, toJob } from '../libs/document-processing/src/pages/page-processor';
import { PAGE_RUNNER_PATH, runPageJob } from '../libs/document-processing/src/runner/runner-client';
import { textImage } from '../libs/document-processing/src/testing/image-fixtures';
import { profileStages, StageSeconds } from './ocr/ocr-stages';
import { cpuMsWithChildren } from './support/process-cpu';
import { runMain } from './support/run-main';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '4' },
    'ocr-dpi': { type: 'string', default: '200' },
    rounds: { type: 'string', default: '3' },
    'baseline-runner': { type: 'string' },
  },
});
const PAGES = Number(values.pages);
const OCR_DPI = Number(values['ocr-dpi']);
const ROUNDS = Number(values.rounds);
const BASELINE_RUNNER = values['baseline-runner'];
const SCAN_DPI = 200;
const LETTER = { width: 8.5, height: 11 };

const SENTENCES = [
  'The insured reported water damage to the kitchen ceiling on March 3.',
  'Policy number 4821-7730 covers the property at 12 Elm Street, Hamburg.',
  'An adjuster inspected the site and estimated repairs at EUR 4,250.00.',
  'Please send the invoice, photos and the signed claim form by April 30.',
];

/** A typed page: 11 pt text at 200 dpi (30 px), 26 lines, like a scanned letter. */
async function scannedPage(): Promise<{ png: Buffer; words: string[] }> {
  const fontSize = Math.round((11 / 72) * SCAN_DPI);
  const lines = Array.from({ length: 26 }, (_, index) => ({
    text: SENTENCES[index % SENTENCES.length]!,
    x: 150,
    y: 250 + index * Math.round(fontSize * 1.6),
    size: fontSize,
  }));
  const image = await textImage(LETTER.width * SCAN_DPI, LETTER.height * SCAN_DPI, lines);
  return { png: image.png, words: image.words.map((word) => word.text) };
}

async function scannedPdf(png: Buffer, pages: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const image = await document.embedPng(png);
  for (let index = 0; index < pages; index += 1) {
    const page = document.addPage([LETTER.width * 72, LETTER.height * 72]);
    page.drawImage(image, { x: 0, y: 0, width: LETTER.width * 72, height: LETTER.height * 72 });
  }
  return document.save();
}

interface Side {
  readonly name: string;
  readonly runnerPath: string;
  readonly pageSlots: PageSlots;
}

interface Reading {
  readonly seconds: number;
  readonly cpuSeconds: number;
  readonly layer: TextLayerPage[];
}

/** What extractTextLayer does, with the runner of one side; CPU includes the runner's. */
async function read(side: Side, pdf: Uint8Array): Promise<Reading> {
  const options = resolvePageProcessingOptions({ ocrDpi: OCR_DPI, pageSlots: side.pageSlots });
  const job = toJob('pdf', pdf, options, { render: false, text: true });
  const layer: TextLayerPage[] = [];
  const cpuBefore = cpuMsWithChildren();
  const started = process.hrtime.bigint();
  await runPageJob(job, options, (page) => layer.push(textLayerPage(page)), side.runnerPath);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { seconds, cpuSeconds: (cpuMsWithChildren() - cpuBefore) / 1000, layer };
}

/** Share of drawn words read back exactly, in order (longest common subsequence). */
function wordAccuracy(expected: readonly string[], actual: readonly string[]): number {
  let previous = new Array<number>(actual.length + 1).fill(0);
  for (const word of expected) {
    const current = [0];
    for (let index = 0; index < actual.length; index += 1) {
      current.push(
        word === actual[index]
          ? previous[index]! + 1
          : Math.max(previous[index + 1]!, current[index]!),
      );
    }
    previous = current;
  }
  return previous[actual.length]! / expected.length;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const sum = (values: readonly number[]): number => values.reduce((total, v) => total + v, 0);

function stageLines(stages: readonly StageSeconds[]): { lines: string[]; engine: number } {
  const names = ['render', 'prepare', 'recognise', 'textLayer'] as const;
  const perPage = Object.fromEntries(
    names.map((name) => [name, sum(stages.map((stage) => stage[name])) / stages.length]),
  ) as Record<(typeof names)[number], number>;
  const total = sum(names.map((name) => perPage[name]));
  const later = stages.slice(1).map((stage) => stage.recognise);
  return {
    engine: perPage.recognise,
    lines: [
      `Where a page's CPU goes (this build, one stage at a time, mean of ${stages.length} pages)`,
      ...names.map(
        (name) =>
          `  ${name.padEnd(10)} ${perPage[name].toFixed(3)} CPU-s/page  ${(perPage[name] / perPage.recognise).toFixed(3)}x the engine's`,
      ),
      `  all stages ${total.toFixed(3)} CPU-s/page  ${(total / perPage.recognise).toFixed(3)}x the engine's`,
      later.length === 0
        ? ''
        : `  the engine's first page ${stages[0]!.recognise.toFixed(2)} CPU-s (its start-up included), later pages ${(sum(later) / later.length).toFixed(2)}`,
    ],
  };
}

interface Summary {
  readonly single: number;
  readonly multi: number;
  readonly cpuPerPage: number;
  readonly accuracy: number;
  readonly confidence: number;
}

function summarise(single: Reading[], multi: Reading[], expected: string[]): Summary {
  const words = multi.flatMap((reading) => reading.layer.flatMap((page) => page.words));
  return {
    single: median(single.map((reading) => 60 / reading.seconds)),
    multi: median(multi.map((reading) => (PAGES * 60) / reading.seconds)),
    cpuPerPage: median(multi.map((reading) => reading.cpuSeconds / PAGES)),
    accuracy: Math.min(
      ...multi.flatMap((reading) =>
        reading.layer.map((page) =>
          wordAccuracy(
            expected,
            page.words.map((word) => word.text),
          ),
        ),
      ),
    ),
    confidence: sum(words.map((word) => word.confidence)) / Math.max(1, words.length),
  };
}

/** Whether every reading of both sides gave the same text layer. */
function sameText(readings: Map<Side, { single: Reading[]; multi: Reading[] }>): boolean {
  const texts = [...readings.values()].flatMap(({ single, multi }) => [
    ...single.map((reading) => `1:${JSON.stringify(reading.layer)}`),
    ...multi.map((reading) => `n:${JSON.stringify(reading.layer)}`),
  ]);
  return new Set(texts).size === 2;
}

async function main(): Promise<void> {
  const page = await scannedPage();
  const single = await scannedPdf(page.png, 1);
  const multi = await scannedPdf(page.png, PAGES);
  const subject: Side = {
    name: `this build, ${PROCESS_PAGE_SLOTS.capacity} page slots`,
    runnerPath: PAGE_RUNNER_PATH,
    pageSlots: new PageSlots(PROCESS_PAGE_SLOTS.capacity),
  };
  const baseline: Side =
    BASELINE_RUNNER === undefined
      ? {
          name: 'this build, 1 page slot',
          runnerPath: PAGE_RUNNER_PATH,
          pageSlots: new PageSlots(1),
        }
      : {
          name: `runner ${BASELINE_RUNNER}`,
          runnerPath: BASELINE_RUNNER,
          pageSlots: new PageSlots(1),
        };
  process.stdout.write(
    `scanned Letter page: ${page.words.length} words at ${SCAN_DPI} dpi; OCR at ${OCR_DPI} dpi; ${PAGES}-page document; ${ROUNDS} rounds\n` +
      `  subject:  ${subject.name}\n  baseline: ${baseline.name}\n`,
  );

  const stages = stageLines(await profileStages(multi, OCR_DPI));
  process.stdout.write(`\n${stages.lines.join('\n')}\n\n`);

  const readings = new Map<Side, { single: Reading[]; multi: Reading[] }>([
    [subject, { single: [], multi: [] }],
    [baseline, { single: [], multi: [] }],
  ]);
  for (let round = 1; round <= ROUNDS; round += 1) {
    // Alternate which side goes first, so that neither always follows the other.
    for (const side of round % 2 === 1 ? [baseline, subject] : [subject, baseline]) {
      const own = readings.get(side)!;
      own.single.push(await read(side, single));
      own.multi.push(await read(side, multi));
      process.stdout.write(
        `  round ${round}/${ROUNDS} ${side === subject ? 'subject ' : 'baseline'}  1 page ${own.single.at(-1)!.seconds.toFixed(2)} s, ${own.single.at(-1)!.cpuSeconds.toFixed(2)} CPU-s  ${PAGES} pages ${own.multi.at(-1)!.seconds.toFixed(2)} s, ${(own.multi.at(-1)!.cpuSeconds / PAGES).toFixed(2)} CPU-s/page\n`,
      );
    }
  }
  const [now, before] = [subject, baseline].map((side) =>
    summarise(readings.get(side)!.single, readings.get(side)!.multi, page.words),
  );
  const line = (summary: Summary): string =>
    `1 page ${summary.single.toFixed(1)} pages/min, ${PAGES} pages ${summary.multi.toFixed(1)} pages/min, ` +
    `${summary.cpuPerPage.toFixed(2)} CPU-s/page (${(summary.cpuPerPage / stages.engine).toFixed(2)}x the engine's), ` +
    `words read exactly ${(100 * summary.accuracy).toFixed(1)} % (worst page), mean confidence ${summary.confidence.toFixed(2)}`;
  process.stdout.write(
    [
      '',
      `OCR throughput (median of ${ROUNDS} alternated rounds)`,
      `  baseline: ${line(before!)}`,
      `  subject:  ${line(now!)}`,
      `  ratio: 1 page ${(now!.single / before!.single).toFixed(2)}x, ${PAGES} pages ${(now!.multi / before!.multi).toFixed(2)}x pages/min; CPU per page ${(now!.cpuPerPage / before!.cpuPerPage).toFixed(2)}x`,
      `  text layers identical to the baseline's (every word, box and confidence, every run): ${sameText(readings) ? 'yes' : 'NO'}`,
      '',
    ].join('\n'),
  );
}

runMain(main);
