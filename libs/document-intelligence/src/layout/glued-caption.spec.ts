import { makePage, type PlacedText } from '../testing/text-page.fixture';
import { groupLines } from '../text-layer/line-grouper';
import { detectKeyValuePairs } from './key-value-pair.detector';

function pairsOf(runs: readonly PlacedText[]): Array<[string, string | null, string]> {
  return detectKeyValuePairs(groupLines(makePage(runs))).map((p) => [
    p.key.text,
    p.value?.text ?? null,
    p.arrangement,
  ]);
}

describe('colon-less captions glued to their value', () => {
  it('splits a phrase into a few caption words and the value set apart after them', () => {
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'PROJECT #  1982 102KL' },
        { x: 50, y: 130, text: 'Total Sample  214' },
        { x: 300, y: 130, text: 'Date  March 18, 1968' },
      ]),
    ).toEqual([
      ['PROJECT #', '1982 102KL', 'right'],
      ['Total Sample', '214', 'right'],
      ['Date', 'March 18, 1968', 'right'],
    ]);
  });

  it('leaves dates, codes, amounts after their currency code, sentences with figures, bracketed qualifiers and evenly spaced names whole', () => {
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'March  18, 1968' },
        { x: 50, y: 130, text: 'RE-  2218' },
        { x: 50, y: 160, text: 'Ottawa, Ontario  K1P 6B9' },
        { x: 50, y: 190, text: 'Approved for release in  12 markets from next spring' },
        { x: 50, y: 220, text: 'Tax  (8%) 992.06' },
        { x: 50, y: 250, text: '(submit by  30 days after)' },
        { x: 50, y: 280, text: 'Keywords  (1993)' },
        { x: 50, y: 310, text: 'MC  -4' },
        { x: 50, y: 340, text: 'Room 412' },
        { x: 50, y: 370, text: 'Sample   Size  500' },
        { x: 50, y: 400, text: 'USD  36,673.87' },
      ]),
    ).toEqual([]);
  });

  it('reads an option with a tick mark set apart after it as the option and its mark, even after a caption', () => {
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'Yes  x' },
        { x: 50, y: 130, text: 'STRAIN' },
        { x: 150, y: 130, text: 'Webster' },
        { x: 300, y: 130, text: 'MALE  X' },
        { x: 50, y: 160, text: 'Size X' },
      ]),
    ).toEqual([
      ['Yes', 'x', 'right'],
      ['STRAIN', 'Webster', 'right'],
      ['MALE', 'X', 'right'],
    ]);
  });

  it('leaves an amount after a caption to that caption, and an answer’s next line to the answer', () => {
    expect(
      pairsOf([
        { x: 50, y: 100, text: 'Grand Total' },
        { x: 300, y: 100, text: 'USD  5,513.77' },
        { x: 50, y: 140, text: 'Mailing Address:' },
        { x: 140, y: 140, text: '12 Oak Ave' },
        { x: 140, y: 152, text: 'Suite  4' },
      ]),
    ).toEqual([
      ['Grand Total', 'USD 5,513.77', 'right'],
      ['Mailing Address', '12 Oak Ave', 'colon'],
    ]);
  });
});
