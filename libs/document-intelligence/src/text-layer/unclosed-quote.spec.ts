import type { PositionedWord } from './text-layer.types';
import { withoutUnclosedQuote } from './unclosed-quote';

function line(...texts: string[]): PositionedWord[] {
  return texts.map((text, i) => ({
    text,
    box: { x0: 0.1 + i * 0.1, y0: 0.5, x1: 0.18 + i * 0.1, y1: 0.51 },
    confidence: 0.85,
    index: i,
    pageNumber: 1,
  }));
}

const texts = (words: readonly PositionedWord[]): string[] => words.map((w) => w.text);

describe('withoutUnclosedQuote', () => {
  it('cuts a quote OCR glued before a caption its line never closes', () => {
    // Harsh scans of draw 7034: `‘Police Notified` over its tick box's answer.
    const [police, notified] = withoutUnclosedQuote(line('‘Police', 'Notified'));
    expect([police.text, notified.text]).toEqual(['Police', 'Notified']);
    expect(police.box.x0).toBeCloseTo(0.1 + 0.08 / 7, 6);
    expect(texts(withoutUnclosedQuote(line('"Place', 'of', 'Loss')))).toEqual([
      'Place',
      'of',
      'Loss',
    ]);
  });

  it('keeps a quotation that closes on its line, prose and long lines', () => {
    for (const words of [
      line('“Police', 'Notified”'),
      line('The', 'theme', '"B"', 'Kool'),
      line('"Kool', 'Milds"', 'Display'),
      line('“Please', 'call', 'us'),
      line('‘Police', 'Notified', 'the', 'Owner', 'At', 'Once', 'Today'),
    ]) {
      expect(texts(withoutUnclosedQuote(words))).toEqual(texts(words));
    }
  });
});
