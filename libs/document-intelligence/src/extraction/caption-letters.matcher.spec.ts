import { makePage, type PlacedText } from '../testing/text-page.fixture';
import { groupLines } from '../text-layer/line-grouper';
import { allowedSlips, letterMatches } from './caption-letters.matcher';
import { findLabelMatches } from './label-matcher';

function ocrLine(runs: PlacedText[]) {
  return groupLines(makePage(runs, 1, 'ocr'))[0];
}

function printed(runs: PlacedText[], label: string, fuzzy = true): string[] {
  return findLabelMatches(groupLines(makePage(runs, 1, 'ocr')), [label], fuzzy).map((m) =>
    m.line.words
      .slice(m.startWord, m.endWord)
      .map((w) => w.text)
      .join(' '),
  );
}

describe('letterMatches: a caption OCR read with a slip is still its label', () => {
  it('allows no slip in a short label and one per six letters in a longer one', () => {
    expect(allowedSlips(4)).toBe(0);
    expect(allowedSlips(11)).toBe(1);
    expect(allowedSlips(12)).toBe(2);
  });

  it('reads words OCR ran together or split apart as the label', () => {
    const line = ocrLine([{ x: 50, y: 100, text: 'PROJECTCODE: BTF-22', confidence: 0.95 }]);
    expect(letterMatches(line, 'PROJECT CODE:').map((m) => [m.startWord, m.endWord])).toEqual([
      [0, 1],
    ]);
  });

  it('allows a misread letter only in a word OCR was unsure of', () => {
    const unsure = ocrLine([{ x: 50, y: 100, text: 'Dale of Birth: 4/12/61', confidence: 0.7 }]);
    expect(letterMatches(unsure, 'Date of Birth:')).toHaveLength(1);
    const sure = ocrLine([{ x: 50, y: 100, text: 'Dale of Birth: 4/12/61', confidence: 0.97 }]);
    expect(letterMatches(sure, 'Date of Birth:')).toHaveLength(0);
  });
});

describe('findLabelMatches with captions OCR misread', () => {
  it('finds the caption printed as the label with its words run together', () => {
    expect(
      printed([{ x: 50, y: 100, text: 'PROJECTCODE: BTF-22', confidence: 0.95 }], 'PROJECT CODE:'),
    ).toEqual(['PROJECTCODE:']);
  });

  it('does not take a longer caption that ends in the label, nor a PDF text layer', () => {
    expect(
      printed(
        [{ x: 50, y: 100, text: 'Mailing Dale of Birth: 4/12/61', confidence: 0.7 }],
        'Date of Birth:',
      ),
    ).toEqual([]);
    expect(
      printed(
        [{ x: 50, y: 100, text: 'PROJECTCODE: BTF-22', confidence: 0.95 }],
        'PROJECT CODE:',
        false,
      ),
    ).toEqual([]);
  });
});
