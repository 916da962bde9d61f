import { makePage } from '../testing/text-page.fixture';
import { groupLines } from './line-grouper';
import { withoutRereadPieces } from './reread-pieces';
import type { PositionedWord } from './text-layer.types';

const word = (
  text: string,
  x0: number,
  x1: number,
  confidence: number,
  y0 = 0.232,
  y1 = y0 + 0.012,
): PositionedWord => ({
  text,
  box: { x0, y0, x1, y1 },
  confidence,
  pageNumber: 1,
  index: 0,
});

describe('withoutRereadPieces', () => {
  const date = word('DATE', 0.101, 0.13, 0.6);

  it('drops a piece of a word read again inside its box, no surer than the word', () => {
    const piece = word('E', 0.124, 0.13, 0.6, 0.237);
    expect(withoutRereadPieces([date, piece]).map((w) => w.text)).toEqual(['DATE']);
  });

  it('keeps a piece read surer than the word, a mark, and words that only touch', () => {
    const surer = word('E', 0.124, 0.13, 0.9);
    const mark = word('_', 0.12, 0.13, 0.5);
    const next = word('OF', 0.129, 0.15, 0.6);
    const below = word('E', 0.124, 0.13, 0.5, 0.26);
    expect(withoutRereadPieces([date, surer, mark, next, below])).toHaveLength(5);
  });

  it('keeps the caption a piece read inside its first word would part from the rest of its line', () => {
    const page = {
      ...makePage([]),
      source: 'ocr' as const,
      words: [
        date,
        word('OF', 0.135, 0.15, 0.6),
        word('NOTICE', 0.154, 0.196, 0.6),
        word('E', 0.124, 0.13, 0.6, 0.237),
        // As a harsh scan of draw 7028 read them: "POLICE" garbled, the line's end sloping.
        word('Ey', 0.485, 0.556, 0.1, 0.233, 0.25),
        word('REPORT?', 0.56, 0.613, 0.6, 0.245, 0.252),
      ],
    };
    expect(groupLines(page).map((l) => l.text)).toEqual(['DATE OF NOTICE Ey REPORT?']);
  });
});
