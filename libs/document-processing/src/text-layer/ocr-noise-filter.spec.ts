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

  it('drops an unsure word several lines tall: a column of figures read down its rows', () => {
    const rows = [100, 140, 180, 220].flatMap((y0, i) => [
      word(`Item${i}`, 0, 95, y0),
      word(`${i}.00`, 400, 95, y0),
    ]);
    const column = { text: 'WOON', bbox: { x0: 200, y0: 100, x1: 215, y1: 250 }, confidence: 12 };

    expect(texts(dropOcrNoise([...rows, column]))).toEqual(texts(rows));
  });

  it('keeps a handwritten answer written larger than the print and read unsure: it is as wide as a word', () => {
    const print = [100, 140, 180].map((y0, i) => word(`Row${i}`, 0, 95, y0));
    const handwritten = {
      text: 'passed',
      bbox: { x0: 100, y0: 200, x1: 220, y1: 300 },
      confidence: 44,
    };

    expect(dropOcrNoise([...print, handwritten])).toEqual([...print, handwritten]);
  });

  it('keeps one tall glyph read unsure (a bracket beside the print)', () => {
    const print = [100, 140, 180].map((y0, i) => word(`Row${i}`, 0, 95, y0));
    const bracket = { text: 'C', bbox: { x0: 300, y0: 100, x1: 320, y1: 210 }, confidence: 46 };

    expect(dropOcrNoise([...print, bracket])).toEqual([...print, bracket]);
  });

  it('keeps a heading in large print, and a tall word read with confidence', () => {
    const body = [100, 140, 180].map((y0, i) => word(`Row${i}`, 0, 95, y0));
    const heading = { text: 'INVOICE', bbox: { x0: 0, y0: 20, x1: 200, y1: 95 }, confidence: 96 };
    const unsureHeading = { ...heading, text: 'Deductibles', confidence: 46 };
    const sure = { ...heading, text: 'SUMMARY', bbox: { ...heading.bbox, y1: 120 } };

    expect(dropOcrNoise([...body, heading, unsureHeading, sure])).toEqual([
      ...body,
      heading,
      unsureHeading,
      sure,
    ]);
  });
});
