import { unionBox } from '../text-layer/box-geometry';
import type { PositionedWord } from '../text-layer/line-grouper';
import type { LayoutText } from './layout.types';

/** The text and box of a run of words, as every layout stage reports it. */
export function layoutText(words: readonly PositionedWord[]): LayoutText {
  return {
    text: words.map((w) => w.text).join(' '),
    box: unionBox(words.map((w) => w.box))!,
    words,
  };
}

const DIGIT = /\d/;
/**
 * A slash only signals a value next to digits (a date, a fraction), which the digit test
 * catches; between words ("Hrs/Qty", "Open/Closed") it is a caption's. "N/A" is an answer.
 */
const SYMBOL = /[$€£¥%@]|^\s*n\/a\s*$/i;
const LETTER = /\p{L}/u;

/** Digits or value symbols ($, %, @, "N/A"): an answer rather than a question. */
export function hasValueSignal(text: string): boolean {
  return DIGIT.test(text) || SYMBOL.test(text);
}

/**
 * Reads like a caption: a few words, mostly letters, no digits or value symbols. "No." and "#"
 * are allowed because labels abbreviate "number" that way.
 */
export function looksLikeLabelText(text: string): boolean {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length === 0 || words.length > 8) return false;
  if (hasValueSignal(text.replace(/#/g, ''))) return false;
  const letters = [...text].filter((c) => LETTER.test(c)).length;
  return letters >= Math.max(2, text.replace(/\s/g, '').length * 0.6);
}

/** All letters upper case (a printed caption style), ignoring non-letters. */
export function isUpperCase(text: string): boolean {
  const letters = [...text].filter((c) => LETTER.test(c)).join('');
  return letters.length > 1 && letters === letters.toUpperCase();
}

/**
 * A colon-less caption: label-like text that starts as a heading does (a capital, "#", "(") and
 * does not end a clause (",", ";", or a full stop after a whole word, while "No." still counts).
 * A line starting in lower case continues a sentence.
 */
export function captionShaped(text: string): boolean {
  if (!looksLikeLabelText(text) || !/^[\p{Lu}#(]/u.test(text)) return false;
  if (/[,;]$/.test(text)) return false;
  const last = text.split(/\s+/).pop() ?? '';
  return !(last.endsWith('.') && last.length > 5);
}

/**
 * A caption ends with a colon: "Name:", "Policy No.:", "Police report?:", "DATE :" (a lone
 * colon is merged first).
 */
export const COLON_END = /[\p{L}\p{N})#.?]:$/u;

/** An honorific, or a capital with a full stop (an initial): "Dr. A. W. Spears", "R. W. Richardson". */
const PERSON = /^(?:mr|mrs|ms|dr|prof)\.?\s|(?:^|\s|\.)\p{Lu}\.\s?\p{Lu}/iu;

/** Names a person: an answer (who signed, who sent), never a caption. */
export function namesAPerson(text: string): boolean {
  return PERSON.test(text);
}
