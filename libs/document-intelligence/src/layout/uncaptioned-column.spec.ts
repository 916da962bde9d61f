import type { PositionedWord, TextSegment } from '../text-layer/line-grouper';
import { makeSegment } from '../text-layer/line-grouper';
import { withUncaptionedColumns } from './uncaptioned-column';

function phrase(text: string, x0: number, x1: number): TextSegment {
  return makeSegment([
    { text, box: { x0, y0: 0.3, x1, y1: 0.314 }, confidence: 0.9 } as PositionedWord,
  ]);
}

const captioned = [
  { x0: 0.1, x1: 0.2, header: [] as PositionedWord[] },
  { x0: 0.4, x1: 0.5, header: [] as PositionedWord[] },
];
const fits = (segment: TextSegment): number =>
  captioned.findIndex((c) => segment.box.x0 < c.x1 + 0.02 && c.x0 - 0.02 < segment.box.x1);
const captionless = (x0: number, x1: number) => ({ x0, x1, header: [] as PositionedWord[] });

describe('withUncaptionedColumns', () => {
  it('adds a column for figures most rows hold where no caption stands', () => {
    const rows = [
      [phrase('Towing', 0.1, 0.18), phrase('500.00', 0.42, 0.48), phrase('414.84', 0.8, 0.86)],
      [phrase('Rental', 0.1, 0.16), phrase('250.00', 0.42, 0.48), phrase('46.20', 0.81, 0.86)],
      [phrase('Medical', 0.1, 0.17), phrase('100.00', 0.42, 0.48)],
    ];
    const columns = withUncaptionedColumns(captioned, rows, fits, captionless);
    expect(columns.map((c) => [c.x0, c.x1])).toEqual([
      [0.1, 0.2],
      [0.4, 0.5],
      [0.81, 0.86],
    ]);
  });

  it('adds none for words, for figures in one row, or for figures a minority of rows hold', () => {
    const words = [
      [phrase('Towing', 0.1, 0.18), phrase('see note', 0.8, 0.86)],
      [phrase('Rental', 0.1, 0.16), phrase('see note', 0.8, 0.86)],
    ];
    const once = [
      [phrase('Towing', 0.1, 0.18), phrase('414.84', 0.8, 0.86)],
      [phrase('Rental', 0.1, 0.16)],
    ];
    const few = [
      ...once,
      [phrase('Medical', 0.1, 0.17), phrase('12.00', 0.8, 0.86)],
      [phrase('Glass', 0.1, 0.15)],
    ];
    for (const rows of [words, once, few])
      expect(withUncaptionedColumns(captioned, rows, fits, captionless)).toHaveLength(2);
  });
});
