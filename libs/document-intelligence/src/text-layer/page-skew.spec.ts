import { groupLines } from './line-grouper';
import { pageSlope } from './page-skew';
import type { TextPage, TextWord } from './text-layer.types';

const WIDTH = 612;
const HEIGHT = 792;

/** Lines of words printed `degrees` askew (turned about the page's top-left corner), as OCR boxes them. */
function skewedPage(
  rows: ReadonlyArray<readonly string[]>,
  degrees: number,
  source: TextPage['source'] = 'ocr',
): TextPage {
  const angle = (degrees * Math.PI) / 180;
  const placed = (text: string, x: number, y: number): TextWord => {
    const top = y + x * Math.tan(angle);
    return {
      text,
      confidence: 0.95,
      box: {
        x0: x / WIDTH,
        y0: top / HEIGHT,
        x1: (x + text.length * 5.5) / WIDTH,
        y1: (top + 10) / HEIGHT,
      },
    };
  };
  // Table cells a column (140 pt) apart, then a paragraph whose words stand a space apart.
  const cells = rows.flatMap((row, r) =>
    row.map((text, c) => placed(text, 40 + c * 140, 100 + r * 18)),
  );
  const prose = PROSE.flatMap((line, r) => {
    let x = 40;
    return line.split(' ').map((text) => {
      const word = placed(text, x, 200 + r * 18);
      x += text.length * 5.5 + 3;
      return word;
    });
  });
  const words = [...cells, ...prose];
  return { pageNumber: 1, width: WIDTH, height: HEIGHT, source, words };
}

const PROSE = [
  'Windows were broken and the side panels were spray painted',
  'during the night; the police were called the next morning',
];

const table = [
  ['Claim', 'Date', 'Status', 'Paid', 'Reserve'],
  ['CL-1', '01/02/24', 'Open', '$100.00', '$50.00'],
  ['CL-2', '02/03/24', 'Closed', '$200.00', '$0.00'],
  ['CL-3', '03/04/24', 'Open', '$300.00', '$75.00'],
];

describe('a scan fed askew', () => {
  it('reads its skew from neighbouring words', () => {
    const degrees =
      (Math.atan(pageSlope(skewedPage(table, 4).words, HEIGHT / WIDTH) * (HEIGHT / WIDTH)) * 180) /
      Math.PI;
    expect(Math.abs(degrees - 4)).toBeLessThan(0.5);
    expect(pageSlope(skewedPage(table, 0.2).words, HEIGHT / WIDTH)).toBe(0);
  });

  it('keeps each printed line whole, its words where they were printed', () => {
    const page = skewedPage(table, 4);
    const lines = groupLines(page);
    expect(lines.map((l) => l.text)).toEqual([...table.map((row) => row.join(' ')), ...PROSE]);
    expect(lines[0].words[4].box).toEqual(page.words[4].box);
  });

  it('is levelled for OCR pages only', () => {
    expect(groupLines(skewedPage(table, 4, 'pdf-text')).length).toBeGreaterThan(
      table.length + PROSE.length,
    );
  });

  /** Nine captions of two words each, each pair turned by its own angle: a sparse page. */
  function sparsePage(degrees: readonly number[]): TextWord[] {
    return degrees.flatMap((angle, r) => {
      const y = 100 + r * 40;
      const rise = 50 * Math.tan((angle * Math.PI) / 180);
      const word = (text: string, x: number, top: number): TextWord => ({
        text,
        confidence: 0.95,
        box: { x0: x / WIDTH, y0: top / HEIGHT, x1: (x + 44) / WIDTH, y1: (top + 10) / HEIGHT },
      });
      return [word('Insured', 40, y), word('Party', 90, y + rise)];
    });
  }

  it('trusts a sparse page whose few pairs agree, and not one whose pairs scatter', () => {
    const aspect = HEIGHT / WIDTH;
    const agreeing = pageSlope(sparsePage([3, 2.6, 3.3, 2.9, 3.1, 2.7, 3, 3.2, 2.8]), aspect);
    expect((Math.atan(agreeing * aspect) * 180) / Math.PI).toBeCloseTo(3, 0);
    expect(pageSlope(sparsePage([-1, 2.5, 0, 3, -0.5, 1.5, 2.8, 0.2, 1]), aspect)).toBe(0);
    expect(pageSlope(sparsePage([3, 3, 3, 3, 3, 3, 3]), aspect)).toBe(0);
  });

  it('trusts a sparse page whose middle pairs agree within a degree and a half', () => {
    // A harsh scan of draw 7033 (an invoice's totals): 11 pairs, the middle half 1.3-2.7 degrees
    // apart; left straight, "VAT" and its amount fell on two lines.
    const aspect = HEIGHT / WIDTH;
    const spread = [0.5, 1.1, 1.3, 1.4, 1.5, 1.7, 2.2, 2.6, 2.7, 2.8, 3.4];
    const slope = pageSlope(sparsePage(spread), aspect);
    expect((Math.atan(slope * aspect) * 180) / Math.PI).toBeCloseTo(1.7, 0);
  });
});
