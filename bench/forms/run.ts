/**
 * Question→answer linking on real scanned forms (FUNSD), the schema-free layout analysis of
 * `libs/document-intelligence` scored against human annotation.
 *
 *   node -r @swc-node/register bench/forms/run.ts --data DIR [--split testing|training] [--ocr]
 *     [--limit N | --range a:b] [--verbose] [--labels] [--label-misses] [--ocr-cache DIR]
 *
 * --label-misses also prints each question the rules did not answer exactly (form, label, value,
 * the annotated answers): for studying the training split.
 *
 * --labels adds the label-given protocol (label-given.score.ts): each question's printed text as
 * a string field's label, read through the engine behind ai.extract, right answers exact and near.
 *
 * --ocr-cache DIR keeps each form's production text layer in DIR and reads it back on later runs:
 * for comparing engine changes on one OCR output, never for timings; clear it when OCR changes.
 *
 * --range a:b takes forms a..b-1 of the split (sorted by name), for halves of the training split
 * in a cross-validation; --limit N the first N.
 *
 * Without --ocr the annotation's own words are the text layer (layout analysis alone); with
 * --ocr each image goes through the production text layer (tesseract.js) first. The training
 * split is where the analysis may be studied; the testing split is only scored.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { analysePage, type TextPage } from '@docket/document-intelligence';
import { extractTextLayer } from '@docket/document-processing';

import { annotatedTextPage, questionAnswerLinks, readAnnotatedForm } from './funsd-form';
import {
  addLabelGiven,
  emptyLabelGiven,
  type LabelGivenCounts,
  type LabelGivenMiss,
  scoreLabelGiven,
} from './label-given.score';
import {
  addCounts,
  emptyCounts,
  type LinkingCounts,
  predictedLinks,
  ratios,
  scoreLinks,
} from './linking-score';
import { nearestNeighbourLinks } from './nearest-neighbour.linker';

interface Options {
  data: string;
  split: 'testing' | 'training';
  ocr: boolean;
  verbose: boolean;
  labels: boolean;
  labelMisses: boolean;
  /** Where production OCR text layers are kept between runs (--ocr-cache DIR). */
  ocrCache: string | undefined;
  /** Forms a..b-1 of the split, sorted by name (b: to the end). */
  range: [number, number | undefined];
}

function parseOptions(argv: readonly string[]): Options {
  const value = (flag: string) => {
    const at = argv.indexOf(flag);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const data = value('--data') ?? process.env.DOCKET_FUNSD_DIR;
  if (!data) throw new Error('--data DIR (a FUNSD copy holding testing_data/ and training_data/)');
  const split = value('--split') ?? 'testing';
  if (split !== 'testing' && split !== 'training') throw new Error('--split testing|training');
  const [from, to] = (value('--range') ?? `0:${value('--limit') ?? ''}`).split(':');
  return {
    data,
    split,
    ocr: argv.includes('--ocr'),
    verbose: argv.includes('--verbose'),
    labels: argv.includes('--labels') || argv.includes('--label-misses'),
    labelMisses: argv.includes('--label-misses'),
    ocrCache: value('--ocr-cache'),
    range: [Number.parseInt(from || '0', 10), to ? Number.parseInt(to, 10) : undefined],
  };
}

function rangeNote({ range: [from, to] }: Options, count: number): string {
  return from > 0 || to !== undefined ? ` (${from}..${from + count - 1})` : '';
}

/**
 * Limits of the page runner for the benchmark: the production limits (a minute without a page
 * finishing) stop a run on a machine other processes keep busy, and they change no word read.
 */
const BENCH_OCR_LIMITS = { pageTimeoutMs: 15 * 60_000, timeoutMs: 20 * 60_000 };

/**
 * The production text layer of one scan. With a cache directory, each form's text layer is kept
 * there and read back by later runs: for comparing engine changes on the same OCR output, never
 * for timings, and to be cleared whenever the OCR changes.
 */
async function ocrTextPage(imagePath: string, cacheDir: string | undefined): Promise<TextPage> {
  const cached = cacheDir && path.join(cacheDir, path.basename(imagePath, '.png') + '.json');
  if (cached && existsSync(cached)) return JSON.parse(readFileSync(cached, 'utf8')) as TextPage;
  const [page] = await extractTextLayer(readFileSync(imagePath), BENCH_OCR_LIMITS);
  const textPage: TextPage = { ...page, words: [...page.words] };
  if (cached) {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(cached, JSON.stringify(textPage));
  }
  return textPage;
}

function printMiss(miss: LabelGivenMiss): void {
  console.log(
    `miss ${miss.form} ${JSON.stringify(miss.label)} -> ${JSON.stringify(miss.predicted)} want ${JSON.stringify(miss.accepted)}`,
  );
}

function line(name: string, counts: LinkingCounts): string {
  const { precision, recall, f1 } = ratios(counts);
  return [
    name.padEnd(22),
    String(counts.truth).padStart(6),
    String(counts.predicted).padStart(6),
    String(counts.correct).padStart(6),
    precision.toFixed(3).padStart(7),
    recall.toFixed(3).padStart(7),
    f1.toFixed(3).padStart(7),
    String(counts.keyNotQuestion).padStart(8),
    String(counts.wrongAnswer).padStart(8),
  ].join(' ');
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const dir = path.join(options.data, `${options.split}_data`);
  const names = readdirSync(path.join(dir, 'annotations'))
    .filter((file) => file.endsWith('.json'))
    .sort()
    .slice(...options.range);
  const pairsOnly = emptyCounts();
  const withTables = emptyCounts();
  const baseline = emptyCounts();
  // The label-given protocol with the learned linker and, in the same run, the rules alone.
  const labelGiven = emptyLabelGiven();
  const labelGivenByRules = emptyLabelGiven();
  const started = Date.now();
  for (const [index, file] of names.entries()) {
    const imagePath = path.join(dir, 'images', file.replace(/\.json$/, '.png'));
    const form = readAnnotatedForm(path.join(dir, 'annotations', file), imagePath);
    const page = options.ocr
      ? await ocrTextPage(imagePath, options.ocrCache && path.join(options.ocrCache, options.split))
      : annotatedTextPage(form);
    const layout = analysePage(page);
    const truth = questionAnswerLinks(form);
    const a = scoreLinks(form, truth, predictedLinks(layout, false));
    const b = scoreLinks(form, truth, predictedLinks(layout, true));
    addCounts(pairsOnly, a);
    addCounts(withTables, b);
    addCounts(baseline, scoreLinks(form, truth, nearestNeighbourLinks(page)));
    if (options.labels) {
      addLabelGiven(labelGiven, scoreLabelGiven(form, page, 'learned'));
      addLabelGiven(
        labelGivenByRules,
        scoreLabelGiven(form, page, 'rules', options.labelMisses ? printMiss : undefined),
      );
    }
    if (options.verbose) console.log(line(form.name, b));
    else if (options.ocr) process.stderr.write(`\r  ${index + 1}/${names.length} forms read`);
  }
  if (options.ocr) process.stderr.write('\n');
  const source = options.ocr ? 'production OCR' : 'annotated words';
  console.log(
    `FUNSD ${options.split} split, ${names.length} forms${rangeNote(options, names.length)}, ` +
      `text layer: ${source} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  console.log(
    'links from'.padEnd(22) + '  truth  pred. right  prec.  recall     F1  key≠Q  wrong A',
  );
  console.log(line('pairs', pairsOnly));
  console.log(line('pairs + table cells', withTables));
  console.log(line('baseline: nearest', baseline));
  const f1 = (counts: LinkingCounts) => ratios(counts).f1;
  console.log(
    `F1 vs the nearest-neighbour baseline: pairs ${(f1(pairsOnly) / f1(baseline)).toFixed(2)}x, ` +
      `pairs + table cells ${(f1(withTables) / f1(baseline)).toFixed(2)}x`,
  );
  if (options.labels) {
    console.log(labelGivenLine(labelGiven, 'learned linker'));
    console.log(labelGivenLine(labelGivenByRules, 'rules alone'));
  }
}

function labelGivenLine(counts: LabelGivenCounts, ranking: string): string {
  const share = (n: number) => (n / Math.max(1, counts.questions)).toFixed(3);
  return (
    `label-given, ${ranking} (${counts.questions} questions with an answer): ${counts.answered} answered, ` +
    `right ${share(counts.exact)} exact (${counts.exact}), ${share(counts.near)} exact or near (${counts.near})`
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
