import { makePage } from '../testing/text-page.fixture';
import { groupLines, splitSegments } from './line-grouper';
import type { TextPage } from './text-layer.types';

describe('groupLines', () => {
  it('orders lines top to bottom and words left to right', () => {
    const page = makePage([
      { x: 300, y: 100, text: 'Policy Number: PA-1' },
      { x: 50, y: 100, text: 'Insured: Jane Roe' },
      { x: 50, y: 60, text: 'FIRST NOTICE OF LOSS' },
    ]);
    const lines = groupLines(page);
    expect(lines.map((l) => l.text)).toEqual([
      'FIRST NOTICE OF LOSS',
      'Insured: Jane Roe Policy Number: PA-1',
    ]);
  });

  it('keeps an answer on the line of a dotted leader that runs on under it', () => {
    const at = (text: string, x0: number, x1: number, y0: number) => ({
      text,
      box: { x0, y0, x1, y1: 0.167 },
      confidence: 1,
    });
    const page: TextPage = {
      pageNumber: 1,
      width: 612,
      height: 792,
      source: 'pdf-text',
      words: [
        at('Evaluation', 0.103, 0.172, 0.154),
        at('Date......................', 0.176, 0.433, 0.153),
        at('December', 0.426, 0.497, 0.155),
        at('2024', 0.506, 0.54, 0.155),
      ],
    };
    expect(groupLines(page).map((l) => l.text)).toEqual([
      'Evaluation Date...................... December 2024',
    ]);
  });

  it('keeps a skewed line together where a fixed band would cut it', () => {
    // Each word 3 points lower than the previous: 12 points of drift over the line, more than a line height.
    const words = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'].map((text, i) => ({
      text,
      box: {
        x0: (50 + i * 80) / 612,
        y0: (100 + i * 3) / 792,
        x1: (110 + i * 80) / 612,
        y1: (110 + i * 3) / 792,
      },
      confidence: 0.9,
    }));
    const page: TextPage = { pageNumber: 1, width: 612, height: 792, source: 'ocr', words };
    const lines = groupLines(page);
    expect(lines).toHaveLength(1);
    expect(lines[0].text).toBe('alpha beta gamma delta epsilon');
  });

  it('splits a line into segments at column gaps but not at word spaces', () => {
    const page = makePage([
      { x: 50, y: 100, text: 'Date of Loss:' },
      { x: 300, y: 100, text: 'Reported by: John Smith' },
    ]);
    const [line] = groupLines(page);
    expect(splitSegments(line).map((s) => s.text)).toEqual([
      'Date of Loss:',
      'Reported by: John Smith',
    ]);
  });
});

describe('splitSegments in monospaced OCR text', () => {
  it('keeps words one character apart together although the boxes are short', () => {
    // Capitals in a 9 pt Courier scan: boxes about 6 pt tall, characters 5.4 pt apart.
    const word = (text: string, x: number) => ({
      text,
      box: { x0: x / 612, y0: 100 / 792, x1: (x + text.length * 5.4 - 1) / 612, y1: 106 / 792 },
      confidence: 0.9,
    });
    const page: TextPage = {
      pageNumber: 1,
      width: 612,
      height: 792,
      source: 'ocr',
      words: [word('INSURED:', 48), word('THOMAS', 130), word('FISCHER', 130 + 7 * 5.4)],
    };
    const [line] = groupLines(page);
    expect(splitSegments(line).map((s) => s.text)).toEqual(['INSURED:', 'THOMAS FISCHER']);
  });
});
