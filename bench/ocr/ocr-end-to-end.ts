/**
 * How well the production text layer reads real and harsh scans, end to end (issue 28, item 1):
 * each page goes through extractTextLayer (the page runner, tesseract and the text layer's
 * repairs) exactly as an upload does, and its words are compared with the truth:
 *   funsd   FUNSD's real scanned forms (about 100 dpi, 754x1000 px PNGs), against the words people
 *           boxed in the annotation (--data DIR, --split, --range a:b or --limit N);
 *   harsh   the first pages of bench/quality's hand-written layouts, scanned with the harsh
 *           profile (150 dpi, 1-3 degrees, heavy noise, JPEG 45), against the words drawn.
 * Prints words read exactly (recall and precision, multiset: reading order does not matter),
 * numbers (words holding a digit) read exactly, and pages/min per core: CPU of this process and
 * the runners it started, every thread, so a busy machine changes it little.
 *   node -r @swc-node/register bench/ocr/ocr-end-to-end.ts --source funsd|harsh
 *     [--data DIR] [--split training|testing] [--range a:b | --limit N] [--pages 16]
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { extractTextLayer } from '@docket/document-processing';

import { HARSH_SCAN_OPTIONS, renderScannedPdf } from '../quality/scanned-pdf.renderer';
import { SeededRandom } from '../quality/seeded-random';
import { generateDocuments } from '../quality/synthetic-document.generator';
import { createTextMeasurer } from '../quality/text-measurer';
import { cpuMsWithChildren } from '../support/process-cpu';
import { runMain } from '../support/run-main';
import { hasDigit, matchedWords, pieces } from './word-matching';

const { values } = parseArgs({
  options: {
    source: { type: 'string', default: 'funsd' },
    data: { type: 'string', default: process.env.DOCKET_FUNSD_DIR },
    split: { type: 'string', default: 'training' },
    range: { type: 'string' },
    limit: { type: 'string' },
    pages: { type: 'string', default: '16' },
    verbose: { type: 'boolean', default: false },
  },
});

/** A page to read and the words printed on it. */
interface TruthPage {
  readonly name: string;
  readonly bytes: Uint8Array;
  readonly truth: readonly string[];
}

/** Limits of the page runner for a busy machine; they change no word read. */
const BENCH_OCR_LIMITS = { pageTimeoutMs: 15 * 60_000, timeoutMs: 20 * 60_000 };

function* funsdPages(): Generator<TruthPage> {
  if (!values.data) throw new Error('--data DIR (a FUNSD copy) or DOCKET_FUNSD_DIR');
  const dir = path.join(values.data, `${values.split}_data`);
  const [from, to] = (values.range ?? `0:${values.limit ?? ''}`).split(':');
  const names = readdirSync(path.join(dir, 'annotations'))
    .filter((file) => file.endsWith('.json'))
    .sort()
    .slice(Number(from || 0), to ? Number(to) : undefined);
  for (const file of names) {
    const { form } = JSON.parse(readFileSync(path.join(dir, 'annotations', file), 'utf8')) as {
      form: { words: { text: string }[] }[];
    };
    const truth = form
      .flatMap((entity) => entity.words)
      .flatMap((word) => word.text.split(/\s+/))
      .filter(Boolean);
    const bytes = readFileSync(path.join(dir, 'images', file.replace(/\.json$/, '.png')));
    yield { name: file, bytes, truth };
  }
}

async function* harshPages(): AsyncGenerator<TruthPage> {
  const measure = await createTextMeasurer();
  const documents = (['eval', 'dev'] as const)
    .flatMap((set) => generateDocuments({ set, perLayout: 1, longShare: 0, seed: 909 }, measure))
    .slice(0, Number(values.pages));
  for (const [index, document] of documents.entries()) {
    const layout = document.pages[0]!;
    const { pdf } = await renderScannedPdf(
      [layout],
      new SeededRandom(4242 + index),
      HARSH_SCAN_OPTIONS,
    );
    const truth = layout.runs.flatMap((run) => run.text.split(/\s+/)).filter(Boolean);
    yield { name: `harsh ${index + 1}`, bytes: pdf, truth };
  }
}

async function main(): Promise<void> {
  const pages = values.source === 'harsh' ? harshPages() : funsdPages();
  let count = 0;
  let truthWords = 0;
  let truthNumbers = 0;
  let readWords = 0;
  let exactWords = 0;
  let exactNumbers = 0;
  let truthPieces = 0;
  let truthNumberPieces = 0;
  let exactPieces = 0;
  let exactNumberPieces = 0;
  let cpuMs = 0;
  const started = Date.now();
  for await (const page of pages) {
    const before = cpuMsWithChildren();
    const [layer] = await extractTextLayer(page.bytes, BENCH_OCR_LIMITS);
    cpuMs += cpuMsWithChildren() - before;
    const words = (layer?.words ?? []).map((word) => word.text.trim()).filter(Boolean);
    const found = matchedWords(page.truth, words);
    const numbers = matchedWords(page.truth.filter(hasDigit), words.filter(hasDigit));
    const truthPieceList = pieces(page.truth);
    const readPieces = pieces(words);
    truthPieces += truthPieceList.length;
    truthNumberPieces += truthPieceList.filter(hasDigit).length;
    exactPieces += matchedWords(truthPieceList, readPieces);
    exactNumberPieces += matchedWords(truthPieceList.filter(hasDigit), readPieces.filter(hasDigit));
    count += 1;
    truthWords += page.truth.length;
    truthNumbers += page.truth.filter(hasDigit).length;
    readWords += words.length;
    exactWords += found;
    exactNumbers += numbers;
    if (values.verbose) {
      console.log(
        `${page.name}: words ${found}/${page.truth.length}, numbers ${numbers}/${page.truth.filter(hasDigit).length}`,
      );
    } else process.stderr.write(`\r  ${count} pages read`);
  }
  process.stderr.write('\n');
  const pct = (n: number, d: number) => `${((100 * n) / Math.max(1, d)).toFixed(1)} %`;
  const what = values.source === 'harsh' ? 'harsh scans' : `FUNSD ${values.split}`;
  console.log(
    `${what}, ${count} pages (${truthWords} words, ${truthNumbers} numbers), ` +
      `${((Date.now() - started) / 1000).toFixed(0)} s wall`,
  );
  console.log(
    `| ${what} | ${pct(exactWords, truthWords)} | ${pct(exactWords, readWords)} | ` +
      `${pct(exactNumbers, truthNumbers)} | ${pct(exactPieces, truthPieces)} | ` +
      `${pct(exactNumberPieces, truthNumberPieces)} | ${(cpuMs / 1000 / count).toFixed(2)} | ` +
      `${(60_000 / (cpuMs / count)).toFixed(1)} |`,
  );
  console.log(
    '(words exact: recall | precision | numbers exact | pieces exact | number pieces exact | ' +
      'CPU s/page | pages/min per core)',
  );
}

runMain(main);
