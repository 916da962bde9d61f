import type { PositionedWord } from '../text-layer/line-grouper';
import { strayQuoteLength } from '../values/stray-quote';
import { wordPiece } from './word-pieces';

/** A cell's words without an opening quote it never closes (values/stray-quote's rule). */
export function withoutStrayQuote(words: readonly PositionedWord[]): PositionedWord[] {
  const [first, ...rest] = words;
  if (!first) return [];
  const cut = strayQuoteLength(words.map((w) => w.text).join(' '));
  if (cut === 0) return [...words];
  return [wordPiece(first, cut, first.text.length), ...rest];
}
