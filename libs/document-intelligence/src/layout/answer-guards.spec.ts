import { makePage, type PlacedText } from '../testing/text-page.fixture';
import { groupLines } from '../text-layer/line-grouper';
import { datedBesideItsDate } from './answer-guards';
import { detectKeyValuePairs } from './key-value-pair.detector';

function pairsOf(runs: readonly PlacedText[]): Array<[string, string | null, string]> {
  return detectKeyValuePairs(groupLines(makePage(runs))).map((p) => [
    p.key.text,
    p.value?.text ?? null,
    p.arrangement,
  ]);
}

describe('phrases that are not the answer of the caption next to them', () => {
  it('leaves a colon caption empty when the next phrase is a caption with its own value', () => {
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'Submitted by:' },
        { x: 250, y: 100, text: 'Date' },
        { x: 320, y: 100, text: '5/2/90' },
      ]),
    ).toEqual([
      ['Submitted by', null, 'colon'],
      ['Date', '5/2/90', 'right'],
    ]);
  });

  it('still takes a person named beside a colon caption, whatever follows the name', () => {
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'FROM:' },
        { x: 150, y: 100, text: 'R. W. Richardson' },
        { x: 300, y: 100, text: 'JUNE 29' },
      ]),
    ).toEqual([['FROM', 'R. W. Richardson', 'colon']]);
  });

  it('still takes a phrase beside a colon caption when the value after it is far across the page', () => {
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'Supervisor:' },
        { x: 150, y: 100, text: 'Jerome Curry' },
        { x: 500, y: 100, text: '91856041' },
      ]),
    ).toEqual([['Supervisor', 'Jerome Curry', 'colon']]);
  });

  it('does not read a centred heading over its address line as a caption over its answer', () => {
    expect(
      pairsOf([
        { x: 150, y: 100, text: 'BROWN AND WILLIAMSON TOBACCO CORPORATION' },
        { x: 202, y: 114, text: 'LOUISVILLE, KY 40201' },
      ]),
    ).toEqual([]);
  });
});

describe('a caption beside its own date', () => {
  const segments = (...texts: string[]) =>
    texts.map((text, k) => ({
      text,
      words: [],
      box: { x0: 0.1 + k * 0.2, y0: 0.2, x1: 0.25 + k * 0.2, y1: 0.22 },
    }));

  it('is a caption naming a date with a date right after it', () => {
    expect(datedBesideItsDate(segments('Start Date', '2024-11-16'), 0)).toBe(true);
    expect(datedBesideItsDate(segments('Date of Loss', 'May 5, 2024'), 0)).toBe(true);
  });

  it('is not an answer beside a date, a date caption beside another value, or a last phrase', () => {
    expect(datedBesideItsDate(segments('Fire', '12/05/2023'), 0)).toBe(false);
    expect(datedBesideItsDate(segments('Start Date', 'Pending'), 0)).toBe(false);
    expect(datedBesideItsDate(segments('Start Date'), 0)).toBe(false);
  });
});
