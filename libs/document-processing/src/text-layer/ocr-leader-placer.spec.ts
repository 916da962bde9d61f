import type { RunnerOcrWord } from '../runner/runner-protocol';
import { placeLeaders } from './ocr-leader-placer';

function word(text: string, x0: number, x1: number, y0 = 100, y1 = 130): RunnerOcrWord {
  return { text, bbox: { x0, y0, x1, y1 }, confidence: 90 };
}

const texts = (words: RunnerOcrWord[]) => words.map((w) => w.text);

describe('placeLeaders', () => {
  it("puts a leader reported after tesseract's words back behind its caption, with the line's height", () => {
    const placed = placeLeaders([
      word('Date', 0, 60),
      word('of', 70, 90),
      word('loss', 100, 150),
      word('04/05/2024', 420, 560),
      word('Next', 0, 60, 160, 190),
      word('.....................', 165, 400, 124, 129),
    ]);

    expect(texts(placed)).toEqual([
      'Date',
      'of',
      'loss',
      '.....................',
      '04/05/2024',
      'Next',
    ]);
    expect(placed[3]!.bbox).toEqual({ x0: 165, y0: 100, x1: 400, y1: 130 });
  });

  it('places a leader with no caption before it in front of the answer it leads to', () => {
    const placed = placeLeaders([word('Answer', 300, 400), word('........', 20, 280, 125, 129)]);

    expect(texts(placed)).toEqual(['........', 'Answer']);
    expect(placed[0]!.bbox.y0).toBe(100);
  });

  it('keeps a leader of another line off this one, and one with no word near it at the end', () => {
    const placed = placeLeaders([
      word('Name', 0, 80),
      word('..........', 100, 300, 185, 190),
      word('.....', 900, 990, 500, 505),
    ]);

    expect(texts(placed)).toEqual(['Name', '..........', '.....']);
    expect(placed[1]!.bbox.y0).toBe(185);
  });

  it('leaves a page without leaders as it was', () => {
    const words = [word('Total', 0, 80), word('$7,783.92', 100, 240)];

    expect(placeLeaders(words)).toEqual(words);
  });
});
