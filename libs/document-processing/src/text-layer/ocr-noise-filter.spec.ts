import type { RunnerOcrWord } from '../runner/runner-protocol';
import { dropOcrNoise } from './ocr-noise-filter';

function word(text: string, x0: number, confidence: number, y0 = 100): RunnerOcrWord {
  return { text, bbox: { x0, y0, x1: x0 + 40, y1: y0 + 30 }, confidence };
}

const texts = (words: RunnerOcrWord[]) => words.map((w) => w.text);

describe('dropOcrNoise', () => {
  it('drops a row of junk words tesseract read from a shaded row or a rough ruling', () => {
    const words = [
      word('Tail', 0, 94, 100),
      word('lamp', 50, 95, 100),
      word('$416.09', 100, 96, 100),
      ...['SES', 'ee', 'RE', 'SR', 'IN', 'Re'].map((text, i) =>
        word(text, i * 50, [13, 14, 15, 10, 24, 45][i]!, 140),
      ),
      word('Rear', 0, 96, 180),
    ];

    expect(texts(dropOcrNoise(words))).toEqual(['Tail', 'lamp', '$416.09', 'Rear']);
  });

  it('keeps print read badly: one unsure word among sure ones, or a short unsure run', () => {
    const words = [
      word('Goods', 0, 96),
      word('Total', 50, 96),
      word('Usb', 100, 14),
      word('5,251.21', 150, 93),
      word('DOL:', 0, 11, 140),
      word('9/16/23', 50, 11, 140),
      word('Account', 0, 0, 180),
      word('Name', 50, 0, 180),
    ];

    expect(dropOcrNoise(words)).toEqual(words);
  });

  it('keeps a run of unsure words that are mostly read fairly (median not below 30)', () => {
    const words = ['a', 'b', 'c', 'd'].map((text, i) => word(text, i * 50, 40));

    expect(dropOcrNoise(words)).toEqual(words);
  });

  it('does not join unsure words of different lines or far apart into one run', () => {
    const words = [
      word('x', 0, 10, 100),
      word('y', 0, 10, 200),
      word('z', 0, 10, 300),
      word('w', 600, 10, 100),
    ];

    expect(dropOcrNoise(words)).toEqual(words);
  });
});
