import type { PositionedWord } from '../text-layer/line-grouper';
import { makeSegment } from '../text-layer/line-grouper';
import { apartAtEdges, edgesFollowed, flushLeftEdges } from './column-starts';

function word(text: string, x0: number, x1: number): PositionedWord {
  return { text, box: { x0, y0: 0.3, x1, y1: 0.314 }, confidence: 1 } as PositionedWord;
}

const TOLERANCE = 0.005;

describe('flushLeftEdges', () => {
  const captions = [{ x0: 0.095 }, { x0: 0.246 }, { x0: 0.397 }];
  const row = (...words: PositionedWord[]) => [makeSegment(words)];

  it('keeps the edges most rows start a word at', () => {
    const rows = [
      row(
        word('22-90037-FT', 0.095, 0.189),
        word('May', 0.246, 0.277),
        word('Closed', 0.397, 0.448),
      ),
      row(word('24-89884-HL', 0.095, 0.19), word('Open', 0.397, 0.43)),
      row(word('23-99099-YS', 0.095, 0.19), word('August', 0.246, 0.3)),
    ];
    expect(flushLeftEdges(captions, rows, TOLERANCE)).toEqual([0.246, 0.397]);
  });

  it('leaves an edge few rows start at (a column set flush right)', () => {
    const rows = [
      row(word('22-90037-FT', 0.095, 0.189), word('$2459.71', 0.25, 0.3)),
      row(word('24-89884-HL', 0.095, 0.19), word('$16792.34', 0.241, 0.3)),
      row(word('23-99099-YS', 0.095, 0.19), word('$94.53', 0.27, 0.3)),
    ];
    expect(flushLeftEdges(captions, rows, TOLERANCE)).toEqual([]);
  });
});

describe('apartAtEdges', () => {
  const texts = (words: PositionedWord[], edges: number[]) =>
    apartAtEdges(makeSegment(words), edges, TOLERANCE).map((s) => s.text);

  it('cuts a long cell from the next column’s cell at the column’s edge', () => {
    const words = [
      word('CLM-2022-743980', 0.095, 0.231),
      word('October', 0.246, 0.304),
      word('14,', 0.309, 0.331),
      word('2024', 0.336, 0.372),
    ];
    expect(texts(words, [0.246])).toEqual(['CLM-2022-743980', 'October 14, 2024']);
  });

  it('cuts where a word cut from the one before it starts at the edge, touching it', () => {
    // "2023Open" of a loss run of draw 7032, split by the text layer: the year ends where the
    // status begins, at the status column's edge.
    const words = [
      word('September', 0.239, 0.318),
      word('13,', 0.327, 0.354),
      word('2023', 0.362, 0.396),
      word('Open', 0.396, 0.43),
    ];
    expect(texts(words, [0.394])).toEqual(['September 13, 2023', 'Open']);
  });

  it('keeps a phrase whose word only runs over the edge', () => {
    const words = [word('Replacement', 0.095, 0.25), word('bumper', 0.255, 0.3)];
    expect(texts(words, [0.246])).toEqual(['Replacement bumper']);
  });
});

describe('edgesFollowed', () => {
  // A harsh scan of draw 7024 set a loss run's dates 0.001 further left every row or two.
  it('moves each edge to the word of the row starting nearest it', () => {
    const row = [word('CLM-2024-386708', 0.095, 0.24), word('07/29/2020', 0.2495, 0.345)];
    expect(edgesFollowed([0.2533, 0.397], row, TOLERANCE)).toEqual([0.2495, 0.397]);
  });

  it('keeps an edge no word of the row starts near', () => {
    const row = [word('CLM-2024-386708', 0.095, 0.24), word('Closed', 0.41, 0.46)];
    expect(edgesFollowed([0.2533, 0.397], row, TOLERANCE)).toEqual([0.2533, 0.397]);
  });
});
