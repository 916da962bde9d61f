import type { PositionedWord } from '../text-layer/line-grouper';
import { isLemma } from '../vocabulary/word-senses';
import { wordPiece } from './word-pieces';

/*
 * Captions of a tight header printed with no space between them reach the text layer as one
 * word ("INDEMNITY PAIDOUTSTANDING" over two columns of figures, "PAID" the first column's last
 * word and "OUTSTANDING" the next column's caption). No dictionary holds the run-together word,
 * but it holds both halves; cut there, the captions can be shared out over their columns.
 */

/** Shorter runs of letters are seldom two words; shorter halves make too many false words. */
const MIN_GLUED_LETTERS = 8;
const MIN_HALF_LETTERS = 3;

/**
 * A verb with its last consonant doubled before "-ed" or "-ing" ("incurred", "occurring"): the
 * dictionary lists these spellings among its exceptions, which are not read here.
 */
const DOUBLED_ENDING = /([b-df-hj-np-tv-z])\1(?:ed|ing)$/;

/** The dictionary holds the word, in any inflection. */
function knownWord(lower: string): boolean {
  if (isLemma(lower)) return true;
  const doubled = DOUBLED_ENDING.exec(lower);
  return doubled !== null && isLemma(lower.slice(0, doubled.index + 1));
}

/** Where a word of letters no dictionary holds parts into two it does, when it parts one way only. */
function gluedCut(text: string): number | null {
  if (text.length < MIN_GLUED_LETTERS || !/^\p{L}+$/u.test(text)) return null;
  const lower = text.toLowerCase();
  if (knownWord(lower)) return null;
  const cuts: number[] = [];
  for (let at = MIN_HALF_LETTERS; at <= lower.length - MIN_HALF_LETTERS; at += 1) {
    if (isLemma(lower.slice(0, at)) && isLemma(lower.slice(at))) cuts.push(at);
  }
  return cuts.length === 1 ? cuts[0] : null;
}

/** A header's words with each run-together pair of caption words taken apart. */
export function gluedHeaderWordsApart(words: readonly PositionedWord[]): PositionedWord[] {
  return words.flatMap((word) => {
    const at = gluedCut(word.text);
    return at === null ? [word] : [wordPiece(word, 0, at), wordPiece(word, at, word.text.length)];
  });
}
