/**
 * Numbers read again as numbers (issue 28, item 1).
 *
 * On small scans tesseract reads some digits as the letters they look like ("0504s" for 05045,
 * "B69" for 869, "046SE" for 0465E) or a figure's separators as other marks ("3313)" for 33131),
 * because its language model lets any character follow any other. A word that is mostly digits
 * and either holds such a letter or was read with doubt is cut out again and read with only the
 * characters a number is printed with (tesseract's character whitelist, which its LSTM engine
 * honours). The new reading replaces the word only when it is a well-formed number, keeps the
 * word's digits where the first reading was sure of them (only letters, marks and doubted digits
 * may change) and is read with more confidence. Like every second reading (second-pass.mjs), it
 * carries no more than a doubtful word's confidence: a word read alone comes back confident more
 * often than right.
 */

import { SECOND_PASS_CONFIDENCE, SECOND_PASS_FLOOR } from './second-pass.mjs';

/** What a number is printed with: digits, separators and the signs and marks around figures. */
export const NUMBER_CHARACTERS = '0123456789.,-/:$%()#+*';
/** Letters and marks that look like a digit on a small scan, and the digit. */
const LOOK_ALIKES = new Map([
  ['O', '0'],
  ['o', '0'],
  ['D', '0'],
  ['Q', '0'],
  ['l', '1'],
  ['I', '1'],
  ['|', '1'],
  ['i', '1'],
  ['!', '1'],
  [']', '1'],
  ['S', '5'],
  ['s', '5'],
  ['B', '8'],
  ['Z', '2'],
  ['z', '2'],
  ['g', '9'],
  ['q', '9'],
]);
/** The marks a figure's groups and decimals are separated by, which a small scan confuses. */
const DECIMAL_MARKS = '.,';
/**
 * A word read at least this confident, with no look-alike letter, is left alone. High: on FUNSD's
 * training forms figures read at 86-89 still came back with a comma for their decimal point.
 */
const SURE_CONFIDENCE = 92;
/**
 * A word read under this, with no look-alike letter, is left to the second pass: on FUNSD's
 * training forms such words were mostly junk, and reading them as numbers fixed none.
 */
const JUNK_BELOW = 55;
/**
 * Most words read again per page, the least confident first: a bound on the CPU of a page of
 * figures (on FUNSD's training forms 6 words a page on average, 80 on the densest).
 */
export const MAX_NUMBER_WORDS = 80;

/**
 * @typedef {{ x0: number, y0: number, x1: number, y1: number }} Box
 * @typedef {{ text: string, bbox: Box, confidence: number }} OcrWord
 */

/**
 * A word that reads as a number with some of its characters in doubt: at least two digits, the
 * digits at least half of its letters and digits, every letter one that looks like a digit, and
 * either such a letter in it or read between JUNK_BELOW and SURE_CONFIDENCE.
 * @param {OcrWord} word
 */
export function doubtedNumber(word) {
  const text = word.text.trim();
  const digits = (text.match(/\d/g) ?? []).length;
  const letters = [...text].filter((c) => /\p{L}/u.test(c));
  if (digits < 2 || digits < letters.length) return false;
  if (!letters.every((letter) => LOOK_ALIKES.has(letter))) return false;
  const lookAlike = [...text].some((c) => LOOK_ALIKES.has(c));
  return lookAlike || (word.confidence >= JUNK_BELOW && word.confidence < SURE_CONFIDENCE);
}

/**
 * Indexes of the words to read again as numbers, the least confident first, at most
 * MAX_NUMBER_WORDS.
 * @param {OcrWord[]} words
 * @returns {number[]}
 */
export function doubtedNumbers(words) {
  return words
    .map((word, index) => ({ word, index }))
    .filter(({ word }) => doubtedNumber(word))
    .sort((a, b) => a.word.confidence - b.word.confidence)
    .slice(0, MAX_NUMBER_WORDS)
    .map(({ index }) => index);
}

/**
 * The number a second reading gives for a word, or undefined when it should not replace it:
 * the reading must be one word of number characters with a digit, reach the second pass's
 * floor, beat the first reading's confidence, and keep every digit the first reading had.
 * @param {OcrWord} first
 * @param {OcrWord[]} read the second reading's words
 * @returns {OcrWord | undefined}
 */
export function numberReading(first, read) {
  const kept = read.filter((word) => word.text.trim() !== '');
  if (kept.length !== 1) return undefined;
  const [word] = kept;
  const text = word.text.trim();
  const before = first.text.trim();
  if (!/\d/.test(text) || [...text].some((c) => !NUMBER_CHARACTERS.includes(c))) return undefined;
  if (word.confidence < SECOND_PASS_FLOOR || word.confidence <= first.confidence) return undefined;
  if (text === before || !agrees(before, text)) return undefined;
  return { text, bbox: first.bbox, confidence: Math.min(word.confidence, SECOND_PASS_CONFIDENCE) };
}

/**
 * Whether a new reading keeps the first reading's digits: character by character (same
 * length), a look-alike letter or mark may become its digit and a comma a point or back where
 * that separator belongs; every digit stays. Letting doubted digits change (a third of them,
 * first readings under 85) fixed two figures on FUNSD's training forms and broke three.
 */
function agrees(before, after) {
  if (before.length !== after.length) return false;
  for (let at = 0; at < before.length; at += 1) {
    const was = before[at];
    const now = after[at];
    if (was === now) continue;
    if (/\d/.test(was)) return false;
    if (LOOK_ALIKES.get(was) !== now && !separatorFits(was, now, after, at)) return false;
  }
  return true;
}

/**
 * Whether a mark read again as another separator stands where that separator belongs: a point
 * as the figure's last mark with digits after it (its decimals), a comma with three digits
 * after it (a thousands group). A small scan confuses the two; nothing else changes a mark.
 */
function separatorFits(was, now, text, at) {
  if (!DECIMAL_MARKS.includes(was)) return false;
  const rest = text.slice(at + 1);
  if (now === '.') return /^\d+$/.test(rest);
  if (now === ',') return /^\d{3}(\D|$)/.test(rest);
  return false;
}

/**
 * The words with the doubted numbers replaced by their second readings where those are kept.
 * @param {OcrWord[]} words
 * @param {{ index: number, words: OcrWord[] }[]} readings
 * @returns {OcrWord[]}
 */
export function mergeNumberReadings(words, readings) {
  const merged = [...words];
  for (const { index, words: read } of readings) {
    const replacement = numberReading(words[index], read);
    if (replacement !== undefined) merged[index] = replacement;
  }
  return merged;
}
