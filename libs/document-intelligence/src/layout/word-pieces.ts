import type { PositionedWord } from '../text-layer/line-grouper';

/**
 * Characters from..to of a word as a word of their own, its box the share of the word's width
 * those characters take: a text layer gives one box for glyphs it ran together.
 */
export function wordPiece(word: PositionedWord, from: number, to: number): PositionedWord {
  const width = word.box.x1 - word.box.x0;
  const length = Math.max(1, word.text.length);
  return {
    ...word,
    text: word.text.slice(from, to),
    box: {
      ...word.box,
      x0: word.box.x0 + (width * from) / length,
      x1: word.box.x0 + (width * to) / length,
    },
  };
}
