/**
 * What the FUNSD study tools (pair-kinds.ts, ocr-losses.ts) share: their command line and the
 * forms they walk. Each reads a split's annotated forms with the page a reading saw: the
 * production text layer bench/forms/run.ts kept (--cache DIR, from its --ocr-cache) when one is
 * given, else the annotation's own words. They cost no OCR, and they are for studying the
 * training split only: the testing split is scored by bench/forms/run.ts once per change.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import type { TextPage, TextWord } from '@docket/document-intelligence';

import {
  type AnnotatedForm,
  annotatedTextPage,
  type FormWord,
  readAnnotatedForm,
} from './funsd-form';

/** The study tools' common options. */
export interface StudyOptions {
  /** FUNSD's folder (--data DIR, or DOCKET_FUNSD_DIR). */
  data: string;
  /** training or testing (--split). */
  split: string;
  /** Where run.ts kept the production text layers (--cache DIR); annotated words without. */
  cache?: string;
  /** Examples to print for each kind (--examples N). */
  examples: number;
  /** Only the kinds whose name holds this text get examples (--kind TEXT). */
  kind?: string;
}

/**
 * Reads the study tools' command line; `needsCache` when a tool studies OCR only.
 * @throws when --data (or --cache, when needed) is missing, or --examples is not a count
 */
export function readStudyOptions(needsCache = false): StudyOptions {
  const { values } = parseArgs({
    options: {
      data: { type: 'string', default: process.env.DOCKET_FUNSD_DIR },
      split: { type: 'string', default: 'training' },
      cache: { type: 'string' },
      examples: { type: 'string', default: '0' },
      kind: { type: 'string' },
    },
  });
  if (!values.data) throw new Error('--data DIR (FUNSD) is required');
  if (needsCache && !values.cache) throw new Error('--cache DIR (kept text layers) is required');
  const examples = Number(values.examples);
  if (!Number.isInteger(examples) || examples < 0) throw new Error('--examples takes a count');
  return {
    data: values.data,
    split: values.split ?? 'training',
    cache: values.cache,
    examples,
    kind: values.kind,
  };
}

/** One form of the split with the page its reading saw. */
export interface StudiedForm {
  form: AnnotatedForm;
  page: TextPage;
}

/**
 * The split's forms in name order; with a cache, only those it holds a text layer for.
 */
export function* studiedForms(options: StudyOptions): Generator<StudiedForm> {
  const dir = path.join(options.data, `${options.split}_data`);
  const names = readdirSync(path.join(dir, 'annotations'))
    .filter((file) => file.endsWith('.json'))
    .sort();
  for (const file of names) {
    const cached = options.cache && path.join(options.cache, file);
    if (cached && !existsSync(cached)) continue;
    const form = readAnnotatedForm(
      path.join(dir, 'annotations', file),
      path.join(dir, 'images', file.replace(/\.json$/, '.png')),
    );
    const page = cached
      ? (JSON.parse(readFileSync(cached, 'utf8')) as TextPage)
      : annotatedTextPage(form);
    yield { form, page };
  }
}

/** Share of the annotated box's area an OCR box covers. */
export function covered(word: FormWord, form: AnnotatedForm, ocr: TextWord): number {
  const [x0, y0, x1, y1] = word.box;
  const ox0 = ocr.box.x0 * form.width;
  const oy0 = ocr.box.y0 * form.height;
  const ox1 = ocr.box.x1 * form.width;
  const oy1 = ocr.box.y1 * form.height;
  const w = Math.min(x1, ox1) - Math.max(x0, ox0);
  const h = Math.min(y1, oy1) - Math.max(y0, oy0);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / Math.max(1, (x1 - x0) * (y1 - y0));
}

/** Share of the OCR box's area inside the annotated box. */
export function inside(word: FormWord, form: AnnotatedForm, ocr: TextWord): number {
  const area = (ocr.box.x1 - ocr.box.x0) * form.width * (ocr.box.y1 - ocr.box.y0) * form.height;
  const [x0, y0, x1, y1] = word.box;
  return (covered(word, form, ocr) * (x1 - x0) * (y1 - y0)) / Math.max(1, area);
}
