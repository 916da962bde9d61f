/**
 * How production OCR loses FUNSD's numbers (issue 28, item 1): every annotated word holding a
 * digit is compared with the OCR words over its box (the same overlap rule as ocr-losses.ts) and
 * counted as
 *   exact       one OCR word, the same text;
 *   cut         the OCR text holds the annotated word whole, with more around it: FUNSD's
 *               annotators cut "9/3/92" as "9/" "3/" "92" where OCR reads one word;
 *   split       several OCR words that, joined, are the annotated word;
 *   look-alike  the OCR text becomes the annotated word once letters that look like digits are
 *               taken for them (O o D Q -> 0, l I | i ! ] -> 1, S s -> 5, B -> 8, Z z -> 2, g q -> 9);
 *   digits      as many characters, only digits read as other digits (3 for 5, 8 for 6);
 *   punctuation the same digits, their separators read otherwise (or dropped or added);
 *   misread     anything else read over it;
 *   missed      no OCR word on it at all.
 * It reads the text layers bench/forms/run.ts kept (--ocr-cache DIR), so it costs no OCR.
 *   node -r @swc-node/register bench/forms/number-losses.ts --data DIR --cache DIR/training
 *     [--examples N] [--kind NAME]
 */
import type { TextPage, TextWord } from '@docket/document-intelligence';

import { runMain } from '../support/run-main';
import { covered, inside, readStudyOptions, studiedForms } from './studied-forms';

const KINDS = [
  'exact',
  'cut',
  'split',
  'look-alike',
  'digits',
  'punctuation',
  'misread',
  'missed',
] as const;
type Kind = (typeof KINDS)[number];

/** Letters OCR reads for digits on small scans, taken for the digit they look like. */
const LOOK_ALIKES: Record<string, string> = {
  O: '0',
  o: '0',
  D: '0',
  Q: '0',
  l: '1',
  I: '1',
  '|': '1',
  i: '1',
  '!': '1',
  ']': '1',
  S: '5',
  s: '5',
  B: '8',
  Z: '2',
  z: '2',
  g: '9',
  q: '9',
};

const trimmed = (text: string): string => text.trim().replace(/[.,;:]+$/, '');
const digitsOf = (text: string): string => text.replace(/\D/g, '');

function classify(truth: string, over: readonly TextWord[]): Kind {
  if (over.length === 0) return 'missed';
  const want = trimmed(truth);
  const read = over.map((word) => trimmed(word.text));
  if (over.length === 1 && read[0] === want) return 'exact';
  const joined = read.join('');
  if (over.length > 1 && joined === want) return 'split';
  if (joined.length > want.length && joined.includes(want)) return 'cut';
  const asDigits = [...joined].map((c) => LOOK_ALIKES[c] ?? c).join('');
  if (asDigits === want || (asDigits.length > want.length && asDigits.includes(want))) {
    return 'look-alike';
  }
  if (
    joined.length === want.length &&
    [...want].every((c, i) => c === joined[i] || (/\d/.test(c) && /\d/.test(joined[i]!)))
  ) {
    return 'digits';
  }
  if (digitsOf(joined) === digitsOf(want)) return 'punctuation';
  return 'misread';
}

async function main(): Promise<void> {
  const options = readStudyOptions(true);
  const counts = new Map<Kind, number>(KINDS.map((kind) => [kind, 0]));
  const confidences = new Map<Kind, number[]>(KINDS.map((kind) => [kind, []]));
  const examples = new Map<Kind, string[]>(KINDS.map((kind) => [kind, []]));
  let total = 0;
  for (const { form, page } of studiedForms(options)) {
    const words = form.entities.flatMap((entity) => entity.words);
    for (const word of words.filter((w) => /\d/.test(w.text))) {
      const over = (page as TextPage).words.filter(
        (ocr) => covered(word, form, ocr) > 0.3 || inside(word, form, ocr) > 0.5,
      );
      const kind = classify(word.text, over);
      total += 1;
      counts.set(kind, counts.get(kind)! + 1);
      if (over.length > 0) {
        confidences.get(kind)!.push(Math.min(...over.map((ocr) => ocr.confidence)));
      }
      examples
        .get(kind)!
        .push(
          `${form.name}: "${word.text}" -> ${over.map((o) => `"${o.text}" ${o.confidence.toFixed(2)}`).join(' ')}`,
        );
    }
  }
  const pct = (n: number) => `${((100 * n) / Math.max(1, total)).toFixed(1)} %`;
  console.log(`annotated words holding a digit: ${total}`);
  for (const kind of KINDS) {
    const list = confidences.get(kind)!.sort((a, b) => a - b);
    const median = list.length > 0 ? list[Math.floor(list.length / 2)]!.toFixed(2) : '-';
    console.log(
      `${kind.padEnd(12)} ${String(counts.get(kind)).padStart(5)} ${pct(counts.get(kind)!).padStart(7)}   median confidence ${median}`,
    );
  }
  if (options.examples === 0) return;
  for (const kind of KINDS.filter((k) => k !== 'exact')) {
    if (options.kind !== undefined && !kind.includes(options.kind)) continue;
    const list = examples.get(kind)!;
    const step = Math.max(1, Math.ceil(list.length / options.examples));
    console.log(`\n${kind} (every ${step}th of ${list.length}):`);
    for (let i = 0; i < list.length; i += step) console.log(`  ${list[i]}`);
  }
}

runMain(main);
