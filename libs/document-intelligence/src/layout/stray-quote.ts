import type { PositionedWord } from '../text-layer/line-grouper';
import { wordPiece } from './word-pieces';

/*
 * A scan's cell border or speck just left of a cell's text reads as an opening quote glued to
 * its first word ("‘Personal Liability", "‘Headlamp assembly RH"). A quote the cell never
 * closes is no print: a quoted phrase closes what it opens.
 */

const OPENING = /^[‘'`]\p{L}/u;
const CLOSING = /[’']/u;

/** A cell's words without an opening quote it never closes. */
export function withoutStrayQuote(words: readonly PositionedWord[]): PositionedWord[] {
  const [first, ...rest] = words;
  if (!first || !OPENING.test(first.text)) return [...words];
  const after = [first.text.slice(1), ...rest.map((w) => w.text)].join(' ');
  if (CLOSING.test(after)) return [...words];
  return [wordPiece(first, 1, first.text.length), ...rest];
}
