import type { PositionedWord } from '../text-layer/line-grouper';
import { gluedHeaderWordsApart } from './glued-header-words';

function word(text: string, x0: number, x1: number): PositionedWord {
  return { text, box: { x0, y0: 0.26, x1, y1: 0.275 }, confidence: 1 } as PositionedWord;
}

const texts = (words: PositionedWord[]) => words.map((w) => w.text);

describe('gluedHeaderWordsApart', () => {
  it('parts two captions printed with no space between them', () => {
    const words = gluedHeaderWordsApart([
      word('INDEMNITY', 0.525, 0.616),
      word('PAIDOUTSTANDING', 0.62, 0.779),
    ]);
    expect(texts(words)).toEqual(['INDEMNITY', 'PAID', 'OUTSTANDING']);
    // Each piece takes its characters' share of the word's width.
    expect(words[1].box.x1).toBeCloseTo(0.62 + (0.159 * 4) / 15);
  });

  it('leaves a dictionary word whole, though it is made of two ("policyholder", "incurred")', () => {
    expect(texts(gluedHeaderWordsApart([word('POLICYHOLDER', 0.1, 0.2)]))).toEqual([
      'POLICYHOLDER',
    ]);
    expect(texts(gluedHeaderWordsApart([word('Incurred', 0.1, 0.2)]))).toEqual(['Incurred']);
  });

  it('leaves a code and a short word whole', () => {
    expect(texts(gluedHeaderWordsApart([word('CLM2023181680', 0.1, 0.2)]))).toEqual([
      'CLM2023181680',
    ]);
    expect(texts(gluedHeaderWordsApart([word('LOSSDATE', 0.1, 0.2)]))).toEqual(['LOSS', 'DATE']);
    expect(texts(gluedHeaderWordsApart([word('PAIDOUT', 0.1, 0.2)]))).toEqual(['PAIDOUT']);
  });
});
