import type { PositionedWord } from '../text-layer/line-grouper';
import { withoutStrayQuote } from './stray-quote';

function word(text: string, x0: number, x1: number): PositionedWord {
  return { text, box: { x0, y0: 0.3, x1, y1: 0.314 }, confidence: 0.9 } as PositionedWord;
}

const texts = (words: PositionedWord[]) => words.map((w) => w.text);

describe('withoutStrayQuote', () => {
  it('drops an opening quote the cell never closes', () => {
    const words = withoutStrayQuote([word('‘Personal', 0.1, 0.19), word('Liability', 0.2, 0.28)]);
    expect(texts(words)).toEqual(['Personal', 'Liability']);
    expect(words[0].box.x0).toBeCloseTo(0.11);
  });

  it('keeps a quoted phrase and a word with an apostrophe inside it', () => {
    expect(texts(withoutStrayQuote([word('‘Full', 0.1, 0.15), word('cover’', 0.16, 0.2)]))).toEqual(
      ['‘Full', 'cover’'],
    );
    expect(texts(withoutStrayQuote([word("O'Brien", 0.1, 0.15)]))).toEqual(["O'Brien"]);
  });
});

describe('withoutStrayQuote, one rule with the fields', () => {
  it('drops a straight or curly double quote the cell never closes, keeps one it closes', () => {
    expect(texts(withoutStrayQuote([word('"Windscreen', 0.1, 0.2)]))).toEqual(['Windscreen']);
    expect(texts(withoutStrayQuote([word('“Towing', 0.1, 0.2)]))).toEqual(['Towing']);
    expect(
      texts(withoutStrayQuote([word('“Named', 0.1, 0.15), word('perils”', 0.16, 0.2)])),
    ).toEqual(['“Named', 'perils”']);
  });
});
