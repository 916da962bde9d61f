import { analysePages } from '../layout/analysed-page';
import { makePage } from '../testing/text-page.fixture';
import { runOnCaptionDoubts } from './run-on-caption';

describe("a remembered value run on into the next column's caption", () => {
  const runs = [{ x: 60, y: 100, text: 'Loss Location: 318 Elm Ct' }];
  const [scan] = analysePages([makePage(runs, 1, 'ocr')]);
  const [digital] = analysePages([makePage(runs)]);
  /** Words one after another from x = 0.3, each 0.05 of the page wide. */
  const read = (text: string) =>
    text.split(' ').map((word, i) => ({
      text: word,
      box: { x0: 0.3 + 0.06 * i, y0: 0.5, x1: 0.35 + 0.06 * i, y1: 0.51 },
      confidence: 0.9,
      index: i,
      pageNumber: 1,
    }));

  it('doubts a value ending past the reviewed one in words printed as a caption', () => {
    const words = read('318 Elm Ct, Savannah, GA 31401 POLICY NO.');
    expect(runOnCaptionDoubts(scan, words, 0.62)).toEqual([
      `the value runs on past the reviewed value's end into "POLICY NO.", printed as a caption`,
    ]);
    expect(runOnCaptionDoubts(digital, words, 0.62)).toEqual([]);
  });

  it("lets a longer value of the value's own kind, or one in capitals, run on", () => {
    expect(runOnCaptionDoubts(scan, read('Holloway Logistics LLC'), 0.32)).toEqual([]);
    expect(runOnCaptionDoubts(scan, read('318 Elm Ct, Savannah, GA 31401'), 0.32)).toEqual([]);
    expect(runOnCaptionDoubts(scan, read('DAWSON FREIGHT LINES'), 0.32)).toEqual([]);
    expect(runOnCaptionDoubts(scan, read('318 Elm Ct POLICY NO.'), 0.9)).toEqual([]);
  });
});
