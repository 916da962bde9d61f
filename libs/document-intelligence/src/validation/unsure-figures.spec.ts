import type { ExtractedCell } from '../schema/extraction-result.types';
import type { TableColumnDefinition } from '../schema/field-schema.types';
import { unsureFigure } from './unsure-figures';

const limit: TableColumnDefinition = { key: 'limit', type: 'money' };
const coverage: TableColumnDefinition = { key: 'coverage', type: 'string' };

function cell(words: Array<[string, number]>, confidence: number): ExtractedCell {
  const box = { x0: 0.5, y0: 0.5, x1: 0.6, y1: 0.52 };
  return {
    value: { amount: 160000, currency: 'USD' },
    text: words.map(([text]) => text).join(' '),
    confidence,
    grounding: {
      page: 1,
      box,
      words: words.map(([text, c]) => ({ text, box, confidence: c })),
    },
  };
}

describe('unsureFigure', () => {
  it('doubts an amount whose digits OCR read unsure, though the cell passes the threshold', () => {
    expect(
      unsureFigure(
        limit,
        cell(
          [
            ['USD', 0.95],
            ['160,000.00', 0.77],
          ],
          0.8,
        ),
      ),
    ).toBe('limit figure read by OCR at 0.77: a misread digit still reads as an amount');
  });

  it('takes the least sure digit word, not a currency code read unsure', () => {
    expect(
      unsureFigure(
        limit,
        cell(
          [
            ['usd', 0.4],
            ['100,000.00', 0.96],
          ],
          0.8,
        ),
      ),
    ).toBeNull();
  });

  it('does not doubt born-digital figures, sure ones, or text without a digit', () => {
    expect(unsureFigure(limit, cell([['100,000.00', 1]], 1))).toBeNull();
    expect(unsureFigure(limit, cell([['100,000.00', 0.93]], 0.8))).toBeNull();
    expect(
      unsureFigure(coverage, { ...cell([['Water', 0.5]], 0.8), value: 'Water damage' }),
    ).toBeNull();
  });

  it('doubts text holding digits read unsure: a misread character still reads as an identifier', () => {
    const claim: TableColumnDefinition = { key: 'claim_number', type: 'string' };
    expect(unsureFigure(claim, { ...cell([['23372731C', 0.68]], 0.8), value: '23372731C' })).toBe(
      'claim_number figure read by OCR at 0.68: a misread digit still reads as an identifier',
    );
    expect(
      unsureFigure(claim, { ...cell([['2333608QD', 0.88]], 0.8), value: '2333608QD' }),
    ).toBeNull();
  });

  it('does not doubt a cell the page’s arithmetic vouched for', () => {
    expect(unsureFigure(limit, cell([['160,000.00', 0.77]], 0.9))).toBeNull();
  });
});
