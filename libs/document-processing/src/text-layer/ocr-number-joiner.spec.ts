import type { RunnerOcrWord } from '../runner/runner-protocol';
import { joinSplitNumbers } from './ocr-number-joiner';

/** Words of one 30-px line, each given as [text, left, right]. */
function line(...words: Array<[string, number, number]>): RunnerOcrWord[] {
  return words.map(([text, x0, x1]) => ({
    text,
    bbox: { x0, y0: 100, x1, y1: 130 },
    confidence: 90,
  }));
}

const texts = (words: RunnerOcrWord[]) => words.map((word) => word.text);

describe('joinSplitNumbers', () => {
  it('joins an amount split after its thousands separator and keeps the union box', () => {
    const joined = joinSplitNumbers(
      line(['Total', 0, 80], ['$7,', 100, 140], ['783.92', 148, 240]),
    );
    expect(texts(joined)).toEqual(['Total', '$7,783.92']);
    expect(joined[1]!.bbox).toEqual({ x0: 100, y0: 100, x1: 240, y1: 130 });
  });

  it('joins a date split at every hyphen, and a currency sign read as its own word', () => {
    expect(
      texts(joinSplitNumbers(line(['2026-', 0, 60], ['01-', 66, 100], ['10', 106, 130]))),
    ).toEqual(['2026-01-10']);
    expect(texts(joinSplitNumbers(line(['$', 0, 14], ['1,200.00', 20, 120])))).toEqual([
      '$1,200.00',
    ]);
    expect(texts(joinSplitNumbers(line(['7', 0, 14], [',783.92', 18, 110])))).toEqual(['7,783.92']);
  });

  it('takes the least confidence of the parts', () => {
    const [a, b] = line(['12.', 0, 30], ['50', 36, 60]);
    const joined = joinSplitNumbers([
      { ...a!, confidence: 95 },
      { ...b!, confidence: 41 },
    ]);
    expect(joined).toHaveLength(1);
    expect(joined[0]!.confidence).toBe(41);
  });

  it('leaves numbers in separate columns, words, and the next line alone', () => {
    // A table row: quantity and amount far apart.
    expect(texts(joinSplitNumbers(line(['2', 0, 14], ['45.00', 200, 270])))).toEqual([
      '2',
      '45.00',
    ]);
    // A word space between two numbers without a separator at the junction.
    expect(texts(joinSplitNumbers(line(['Unit', 0, 50], ['12', 60, 85], ['34', 92, 117])))).toEqual(
      ['Unit', '12', '34'],
    );
    // Separator and digits, but a word space wider than the limit (0.45 of the height).
    expect(texts(joinSplitNumbers(line(['1,', 0, 20], ['500', 40, 80])))).toEqual(['1,', '500']);
    // Words, not numbers.
    expect(texts(joinSplitNumbers(line(['Item,', 0, 60], ['Qty', 66, 100])))).toEqual([
      'Item,',
      'Qty',
    ]);
    // The next line.
    const [first] = line(['2026-', 0, 60]);
    const below: RunnerOcrWord = {
      text: '01',
      bbox: { x0: 62, y0: 140, x1: 90, y1: 170 },
      confidence: 90,
    };
    expect(texts(joinSplitNumbers([first!, below]))).toEqual(['2026-', '01']);
  });
});
