import { captionLetters } from '../memory/caption-letters';
import type { TextLine } from '../text-layer/line-grouper';
import { splitSegments } from '../text-layer/line-grouper';
import { levenshteinDistance, tokenise } from '../text-layer/text-normaliser';
import { namesAgent } from '../vocabulary/label-vocabulary';

/*
 * A caption printed as the label, read by OCR with a slip or two: "Brand Narne:" for "Brand
 * Name:", "PROJECTCODE" for "PROJECT CODE", "Dale of Birth" for "Date of Birth". Word by word
 * such a caption fails (a short word must match exactly, a merged word matches no token);
 * compared as one run of letters (memory/caption-letters: spacing, digits and punctuation set
 * aside, letters OCR takes for one another folded) it is the label with a letter or two wrong. Only for OCR text
 * (a PDF's own text prints exactly what it prints) and only against the whole label.
 */

/** A label needs this many letters before any slip is allowed: "Date" and "Dale" differ. */
const MIN_LETTERS_FOR_A_SLIP = 6;
/** One slip is allowed per this many letters. */
const LETTERS_PER_SLIP = 6;
/** A word OCR read at least this sure is what was printed (label-matcher's SURE_OCR). */
const SURE_OCR = 0.92;

function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

/** How many letters OCR may have got wrong in a label of this many letters. */
export function allowedSlips(letters: number): number {
  return letters < MIN_LETTERS_FOR_A_SLIP ? 0 : Math.floor(letters / LETTERS_PER_SLIP);
}

export interface LetterMatch {
  readonly startWord: number;
  /** Exclusive. */
  readonly endWord: number;
  /** 1 - slips / letters. */
  readonly similarity: number;
  readonly segmentStart: number;
  readonly segmentEnd: number;
}

/**
 * Runs of words on the line that read as the label once spacing and punctuation are set aside,
 * with at most `allowedSlips` letters wrong. A slip is only allowed where OCR was unsure of a
 * word of the run: a word read sure is what was printed. Runs stay inside one phrase.
 */
export function letterMatches(line: TextLine, label: string): LetterMatch[] {
  const wanted = captionLetters(label);
  if (wanted.length === 0) return [];
  const slips = allowedSlips(wanted.length);
  const matches: LetterMatch[] = [];
  let segmentStart = 0;
  for (const segment of splitSegments(line)) {
    const segmentEnd = segmentStart + segment.words.length;
    for (let start = segmentStart; start < segmentEnd; start += 1) {
      let letters = '';
      let unsure = false;
      for (let end = start + 1; end <= segmentEnd; end += 1) {
        const word = line.words[end - 1];
        letters += captionLetters(word.text);
        unsure ||= word.confidence < SURE_OCR;
        if (letters.length > wanted.length + slips) break;
        if (letters.length < wanted.length - slips || letters.length === 0) continue;
        if (captionLetters(line.words[start].text).length === 0) break;
        const distance = levenshteinDistance(letters, wanted);
        if (distance > (unsure ? slips : 0)) continue;
        const printed = line.words.slice(start, end).map((w) => w.text);
        // Letters alone drop digits: "Total (205)" is not "Total (99)".
        if (digitsOf(printed.join(' ')) !== digitsOf(label)) continue;
        // "Insurer" is never a slip of "Insured": the two parties differ by their ending alone.
        if (namesAgent(printed.join(' ')) !== namesAgent(label)) continue;
        // Printed word for word as the label, it is the word matcher's to find.
        if (distance === 0 && tokenise(printed.join(' ')).join(' ') === tokenise(label).join(' '))
          continue;
        matches.push({
          startWord: start,
          endWord: end,
          similarity: 1 - distance / wanted.length,
          segmentStart,
          segmentEnd,
        });
      }
    }
    segmentStart = segmentEnd;
  }
  return matches;
}
