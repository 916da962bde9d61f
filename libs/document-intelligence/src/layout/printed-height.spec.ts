import type { PositionedWord } from '../text-layer/line-grouper';
import { printedHeight } from './printed-height';

/** A word whose box OCR drew tight around its glyphs, from `top` to `bottom`. */
function word(text: string, x: number, top: number, bottom: number): PositionedWord {
  return {
    text,
    box: { x0: x, y0: top, x1: x + 0.05, y1: bottom },
    confidence: 0.95,
    index: 0,
    pageNumber: 1,
  };
}

function phrase(words: readonly PositionedWord[]) {
  return {
    words,
    box: {
      x0: words[0].box.x0,
      y0: Math.min(...words.map((w) => w.box.y0)),
      x1: words[words.length - 1].box.x1,
      y1: Math.max(...words.map((w) => w.box.y1)),
    },
  };
}

describe('printedHeight', () => {
  it('measures a sentence with descenders as tall as a caption in capitals of the same font', () => {
    const caption = phrase([word('DETAILS', 0.1, 0.35, 0.358)]);
    const sentence = phrase([
      word('Supply', 0.1, 0.37, 0.381),
      word('line', 0.16, 0.37, 0.378),
      word('under', 0.2, 0.37, 0.378),
      word('pipe', 0.26, 0.372, 0.381),
    ]);
    expect(printedHeight(caption)).toBeCloseTo(0.008, 6);
    expect(printedHeight(sentence)).toBeCloseTo(0.008, 6);
  });

  it('keeps the box of a phrase without descenders, so a larger word still counts', () => {
    const answer = phrase([word('X', 0.1, 0.2, 0.215), word('Yes', 0.13, 0.203, 0.213)]);
    expect(printedHeight(answer)).toBeCloseTo(0.015, 6);
  });

  it('falls back on the box when no word reaches a capital without a descender', () => {
    const low = phrase([word('or', 0.1, 0.202, 0.208), word('gray', 0.13, 0.202, 0.211)]);
    expect(printedHeight(low)).toBeCloseTo(0.009, 6);
  });
});
