import type { PositionedWord } from '../text-layer/line-grouper';
import { makeSegment } from '../text-layer/line-grouper';
import { type CaptionColumn, joinCaptionPieces } from './caption-pieces';

function word(text: string, x0: number, x1: number): PositionedWord {
  return { text, box: { x0, y0: 0.3, x1, y1: 0.314 }, confidence: 1 } as PositionedWord;
}

function column(text: string, x0: number, x1: number): CaptionColumn {
  return { x0, x1, header: [word(text, x0, x1)] };
}

const phrase = (text: string, x0: number, x1: number) => makeSegment([word(text, x0, x1)]);
const captions = (columns: CaptionColumn[]) =>
  columns.map((c) => c.header.map((w) => w.text).join(' '));

describe('joinCaptionPieces', () => {
  // "Part / Labor" with the slash dropped: two captions over one column of descriptions.
  const header = [
    column('Part', 0.068, 0.095),
    column('Labor', 0.108, 0.148),
    column('Count', 0.542, 0.585),
  ];

  it('joins captions the text of the rows runs across', () => {
    const rows = [
      [phrase('Hazardous waste disposal', 0.068, 0.3), phrase('9', 0.575, 0.584)],
      [phrase('Condenser', 0.068, 0.14), phrase('1', 0.575, 0.584)],
      [phrase('Door shell front LH', 0.068, 0.25), phrase('1', 0.575, 0.584)],
    ];
    const joined = joinCaptionPieces(header, rows);
    expect(captions(joined)).toEqual(['Part Labor', 'Count']);
    expect(joined[0].x1).toBe(0.148);
  });

  it('keeps two columns when a row holds a phrase under each', () => {
    const rows = [
      [phrase('Hazardous waste disposal', 0.068, 0.3)],
      [phrase('Door shell front LH', 0.068, 0.25)],
      [phrase('P-100', 0.068, 0.095), phrase('Condenser', 0.108, 0.18)],
    ];
    expect(captions(joinCaptionPieces(header, rows))).toEqual(['Part', 'Labor', 'Count']);
  });

  it('keeps two columns of figures run together', () => {
    const rows = [0, 1, 2].map(() => [phrase('$20.00 $31.00', 0.07, 0.14)]);
    expect(captions(joinCaptionPieces(header, rows))).toEqual(['Part', 'Labor', 'Count']);
  });
});
