import type { ExtractedCell } from '../schema/extraction-result.types';
import type { TableColumnDefinition } from '../schema/field-schema.types';
import { strayStop } from './stray-stops';

const coverage: TableColumnDefinition = { key: 'coverage', type: 'string' };

function textCell(words: Array<[string, number]>): ExtractedCell {
  const box = { x0: 0.1, y0: 0.5, x1: 0.3, y1: 0.52 };
  const text = words.map(([word]) => word).join(' ');
  return {
    value: text,
    text,
    confidence: 0.88,
    grounding: {
      page: 1,
      box,
      words: words.map(([word, c]) => ({ text: word, box, confidence: c })),
    },
  };
}

describe('strayStop', () => {
  it('doubts a full stop OCR read after an inner word it was unsure of', () => {
    expect(
      strayStop(
        coverage,
        textCell([
          ['Towing', 0.96],
          ['and.', 0.69],
          ['Labor', 0.69],
        ]),
      ),
    ).toBe('coverage "and." read by OCR at 0.69: a speck read as a full stop inside the text');
    expect(
      strayStop(
        coverage,
        textCell([
          ['Medical.', 0.83],
          ['Payments', 0.94],
        ]),
      ),
    ).not.toBeNull();
  });

  it('leaves sure abbreviations, a stop closing the text, initials and figures alone', () => {
    const sure = textCell([
      ['Liab.', 0.96],
      ['Each', 0.95],
      ['Person', 0.96],
    ]);
    expect(strayStop(coverage, sure)).toBeNull();
    expect(
      strayStop(
        coverage,
        textCell([
          ['Glass', 0.9],
          ['incl.', 0.6],
        ]),
      ),
    ).toBeNull();
    expect(
      strayStop(
        coverage,
        textCell([
          ['J.', 0.6],
          ['Smith', 0.9],
        ]),
      ),
    ).toBeNull();
    const amount: TableColumnDefinition = { key: 'limit', type: 'money' };
    expect(
      strayStop(
        amount,
        textCell([
          ['Medical.', 0.6],
          ['Payments', 0.9],
        ]),
      ),
    ).toBeNull();
  });
});
