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
 * Small letters OCR reads for their capitals: alike but for size (c, o, s, v, w, x, z), or a
 * stroke read as i or l for I.
 */
const LIKE_ITS_CAPITAL = /^[coswvxzil]\p{Ll}{2,}$/u;
/** Words of three letters or more that go on a sentence, never open a caption. */
const SENTENCE_WORDS = new Set([
  'with',
  'was',
  'were',
  'which',
  'while',
  'into',
  'onto',
  'over',
  'its',
  'our',
]);

/**
 * A caption OCR read with its first capital small: the first word opens with a letter its
 * capital looks like, and every word after it opens with a capital (`insured Entity` on a
 * harsh scan of draw 7026, read at 0.91): title case a sentence's next line does not print.
 */
function capitalReadSmall(text: string): boolean {
  const [first, ...rest] = text.split(/\s+/);
  return (
    rest.length > 0 &&
    LIKE_ITS_CAPITAL.test(first) &&
    !SENTENCE_WORDS.has(first) &&
    rest.every((word) => /^\p{Lu}/u.test(word))
  );
}

/**
 * A colon-less caption: label-like text that starts as a heading does (a capital, "#", "(") and
 * does not end a clause (",", ";", or a full stop after a whole word, while "No." still counts).
 * A line starting in lower case continues a sentence, unless OCR read its capital small.
 */
export function captionShaped(text: string): boolean {
  if (!looksLikeLabelText(text) || !(/^[\p{Lu}#(]/u.test(text) || capitalReadSmall(text)))
    return false;
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

/** Punctuation only: no letter, figure, sign or tick mark. */
const PUNCTUATION_ONLY = /^\p{P}+$/u;

/**
 * A phrase of punctuation alone, standing between a caption closed by its colon or leader and
 * the phrase after it: what OCR read of the leader's end (`Underwriter .......... -  Summit
 * Ridge Assurance`, `Insured Entity ....... ;  Grace McAllister` on a harsh scan of draw 7033),
 * no answer.
 */
export function isLeaderDebris(words: ReadonlyArray<{ readonly text: string }>): boolean {
  return words.length > 0 && words.every((w) => PUNCTUATION_ONLY.test(w.text));
}
