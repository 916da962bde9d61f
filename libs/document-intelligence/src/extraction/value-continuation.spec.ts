import { makePage, type PlacedText } from '../testing/text-page.fixture';
import { groupLines, splitSegments } from '../text-layer/line-grouper';
import { answerGoesOn } from './value-continuation';

/** The first phrase after the caption, and whether the phrase after it finishes it. */
function goesOn(runs: PlacedText[]): boolean {
  const [line] = groupLines(makePage(runs, 1, 'ocr'));
  const [, answer, next] = splitSegments(line);
  return answerGoesOn(answer.words, next, line);
}

describe('answerGoesOn: an answer OCR split into two phrases', () => {
  it('takes the figures a list goes on with after its comma', () => {
    expect(
      goesOn([
        { x: 40, y: 100, text: 'Rooms:' },
        { x: 150, y: 100, text: 'Nos 12,' },
        { x: 215, y: 100, text: '14' },
      ]),
    ).toBe(true);
  });

  it("finds the year after a day's comma in the date's own phrase already", () => {
    const [line] = groupLines(
      makePage(
        [
          { x: 40, y: 100, text: 'DATE:' },
          { x: 150, y: 100, text: 'March 27,' },
          { x: 215, y: 100, text: '1984' },
        ],
        1,
        'ocr',
      ),
    );
    expect(splitSegments(line).map((s) => s.text)).toEqual(['DATE:', 'March 27, 1984']);
  });

  it("takes a figure's unit", () => {
    expect(
      goesOn([
        { x: 40, y: 100, text: 'Rod Length' },
        { x: 280, y: 100, text: '64' },
        { x: 305, y: 100, text: 'mm' },
      ]),
    ).toBe(true);
  });

  it('takes a unit printed in a column of units, further off, when it closes the line', () => {
    // FUNSD training form 0000989556: "Net Net Tobacco  749      mg".
    const line = (...after: PlacedText[]) =>
      goesOn([
        { x: 40, y: 100, text: 'Net Net Tobacco' },
        { x: 280, y: 100, text: '749' },
        { x: 335, y: 100, text: 'mg' },
        ...after,
      ]);
    expect(line()).toBe(true);
    expect(line({ x: 420, y: 100, text: '12' })).toBe(false);
  });

  it('leaves another caption, a far phrase and a word that is no unit', () => {
    const after = (text: string, x = 305) =>
      goesOn([
        { x: 40, y: 100, text: 'Rod Length' },
        { x: 280, y: 100, text: '64' },
        { x, y: 100, text },
      ]);
    expect(after('Net Tobacco')).toBe(false);
    expect(after('mm', 420)).toBe(false);
    expect(after('Closed')).toBe(false);
  });
});
