/**
 * Where production OCR loses FUNSD's answers (issue 28, item 1): each annotated word of an answer
 * linked to a question is compared with the OCR words whose boxes cover it, and counted as
 *   exact     one OCR word, the same text (case and trailing punctuation aside);
 *   misread   one OCR word, other characters;
 *   split     several OCR words inside the annotated one;
 *   merged    one OCR word that also covers a neighbouring annotated word;
 *   missed    no OCR word on it at all.
 * and, over every annotated word of the page, the figures of bench/ocr/ocr-end-to-end.ts: words
 * read exactly (recall, precision), numbers (words holding a digit) exact, letter-and-digit pieces
 * exact, number pieces exact. It reads the text layers bench/forms/run.ts kept (--ocr-cache DIR),
 * so it costs no OCR.
 *   node -r @swc-node/register bench/forms/ocr-losses.ts --data DIR --cache DIR/training
 *     [--split training] [--examples N]
 */
import type { TextPage } from '@docket/document-intelligence';

import { hasDigit, matchedWords, pieces } from '../ocr/word-matching';
import { runMain } from '../support/run-main';
import { type AnnotatedForm, type FormWord } from './funsd-form';
import { questionsWithAnswers } from './label-given.score';
import { covered, inside, readStudyOptions, studiedForms } from './studied-forms';

type Verdict = 'exact' | 'misread' | 'split' | 'merged' | 'missed';
const VERDICTS: readonly Verdict[] = ['exact', 'misread', 'split', 'merged', 'missed'];

const canonical = (text: string): string =>
  text
    .trim()
    .toLowerCase()
    .replace(/[.,;:]+$/, '');

function judge(
  word: FormWord,
  form: AnnotatedForm,
  page: TextPage,
  allWords: readonly FormWord[],
): { verdict: Verdict; read: string } {
  const over = page.words.filter(
    (ocr) => covered(word, form, ocr) > 0.3 || inside(word, form, ocr) > 0.5,
  );
  if (over.length === 0) return { verdict: 'missed', read: '' };
  const read = over.map((ocr) => ocr.text).join(' ');
  if (over.length > 1) {
    return { verdict: 'split', read };
  }
  const [ocr] = over;
  const others = allWords.filter(
    (other) => other !== word && other.text.trim() !== '' && inside(other, form, ocr!) > 0.05,
  );
  if (others.some((other) => covered(other, form, ocr!) > 0.5)) {
    return { verdict: 'merged', read };
  }
  return { verdict: canonical(ocr!.text) === canonical(word.text) ? 'exact' : 'misread', read };
}

async function main(): Promise<void> {
  const options = readStudyOptions(true);
  const counts = new Map<Verdict, { all: number; numbers: number }>(
    VERDICTS.map((v) => [v, { all: 0, numbers: 0 }]),
  );
  const examples = new Map<Verdict, string[]>(VERDICTS.map((v) => [v, []]));
  let forms = 0;
  const words = { truth: 0, read: 0, exact: 0, numbers: 0, exactNumbers: 0 };
  const piecesOf = { truth: 0, exact: 0, numbers: 0, exactNumbers: 0 };
  for (const { form, page } of studiedForms(options)) {
    forms += 1;
    const allWords = form.entities.flatMap((entity) => entity.words);
    const truth = allWords.flatMap((word) => word.text.split(/\s+/)).filter(Boolean);
    const read = page.words.map((word) => word.text.trim()).filter(Boolean);
    words.truth += truth.length;
    words.read += read.length;
    words.exact += matchedWords(truth, read);
    words.numbers += truth.filter(hasDigit).length;
    words.exactNumbers += matchedWords(truth.filter(hasDigit), read.filter(hasDigit));
    const truthPieces = pieces(truth);
    const readPieces = pieces(read);
    piecesOf.truth += truthPieces.length;
    piecesOf.exact += matchedWords(truthPieces, readPieces);
    piecesOf.numbers += truthPieces.filter(hasDigit).length;
    piecesOf.exactNumbers += matchedWords(
      truthPieces.filter(hasDigit),
      readPieces.filter(hasDigit),
    );
    for (const { answers } of questionsWithAnswers(form)) {
      for (const word of answers.flatMap((answer) => answer.words)) {
        if (word.text.trim() === '') continue;
        const { verdict, read } = judge(word, form, page, allWords);
        const tally = counts.get(verdict)!;
        tally.all += 1;
        if (/\d/.test(word.text)) tally.numbers += 1;
        examples.get(verdict)!.push(`${form.name}: "${word.text}" -> "${read}"`);
      }
    }
  }
  const pct = (n: number, d: number) => `${((100 * n) / Math.max(1, d)).toFixed(1)} %`;
  console.log(
    `words exact ${pct(words.exact, words.truth)} (precision ${pct(words.exact, words.read)}), ` +
      `numbers exact ${pct(words.exactNumbers, words.numbers)}, pieces exact ` +
      `${pct(piecesOf.exact, piecesOf.truth)}, number pieces exact ` +
      `${pct(piecesOf.exactNumbers, piecesOf.numbers)} (${words.truth} words, ${words.numbers} numbers)`,
  );
  const total = [...counts.values()].reduce((sum, c) => sum + c.all, 0);
  const totalNumbers = [...counts.values()].reduce((sum, c) => sum + c.numbers, 0);
  console.log(`answer words: ${forms} forms, ${total} words (${totalNumbers} with a digit)`);
  for (const verdict of VERDICTS) {
    const { all, numbers } = counts.get(verdict)!;
    console.log(
      `${verdict.padEnd(8)} ${String(all).padStart(5)} ${pct(all, total).padStart(7)}   numbers ${String(numbers).padStart(5)} ${pct(numbers, totalNumbers).padStart(7)}`,
    );
  }
  const perKind = options.examples;
  if (perKind > 0) {
    for (const verdict of VERDICTS.filter((v) => v !== 'exact')) {
      const list = examples.get(verdict)!;
      console.log(
        `\n${verdict} (${perKind} of ${list.length}, every ${Math.ceil(list.length / perKind)}th):`,
      );
      const step = Math.max(1, Math.ceil(list.length / perKind));
      for (let i = 0; i < list.length; i += step) console.log(`  ${list[i]}`);
    }
  }
}

runMain(main);
