import { analysePages } from '../layout/analysed-page';
import type { TextPage, TextWord } from '../text-layer/text-layer.types';
import { applyLayoutMemory, learnLayout } from './layout-memory';
import { levelledForPage, slopeOf } from './skew-levelled-offset';

const WIDTH = 612;
const HEIGHT = 792;
const ASPECT = HEIGHT / WIDTH;

/** An invoice's totals, each amount far right of its caption, scanned `degrees` askew. */
function totalsScan(
  amounts: readonly [string, string, string],
  degrees: number,
  source: TextPage['source'] = 'ocr',
): TextPage {
  const tan = Math.tan((degrees * Math.PI) / 180);
  const placed = (text: string, x: number, y: number): TextWord => {
    const top = y + x * tan;
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
  const prose = PROSE.flatMap((line, r) => {
    let x = 60;
    return line.split(' ').map((text) => {
      const word = placed(text, x, 120 + r * 16);
      x += text.length * 5.5 + 3;
      return word;
    });
  });
  const totals = ['Subtotal:', 'Tax:', 'Total:'].flatMap((caption, r) => [
    placed(caption, 60, 400 + r * 14),
    placed(amounts[r], 230, 400 + r * 14),
  ]);
  return { pageNumber: 1, width: WIDTH, height: HEIGHT, source, words: [...prose, ...totals] };
}

const PROSE = [
  'Thank you for your business with our workshop this season',
  'Repairs were made to the rear door and both side panels today',
  'Payment is due within thirty days of the date of this invoice',
];

const fields = [
  { key: 'subtotal', type: 'money', label: 'Net' },
  { key: 'tax', type: 'money', label: 'Levy' },
] as const;

function degreesOf(slope: number): number {
  return (Math.atan(slope * ASPECT) * 180) / Math.PI;
}

function boxOf(page: TextPage, text: string) {
  return page.words.find((w) => w.text === text)!.box;
}

describe('a remembered place on a scan skewed otherwise than the reviewed one', () => {
  const taught = totalsScan(['$3,101.95', '$155.10', '$3,257.05'], 2.4);
  const memory = learnLayout(analysePages([taught]), [
    { key: 'subtotal', pageNumber: 1, box: boxOf(taught, '$3,101.95') },
    { key: 'tax', pageNumber: 1, box: boxOf(taught, '$155.10') },
  ])!;

  it("reads a scan's slope, none on a born-digital page", () => {
    const [scan] = analysePages([taught]);
    expect(Math.abs(degreesOf(slopeOf(scan)) - 2.4)).toBeLessThan(0.3);
    const [digital] = analysePages([totalsScan(['$1.00', '$2.00', '$3.00'], 2.4, 'pdf-text')]);
    expect(slopeOf(digital)).toBe(0);
  });

  it("remembers the reviewed page's slope with each field", () => {
    expect(memory.fields).toHaveLength(2);
    for (const field of memory.fields) expect(degreesOf(field.slope!)).toBeCloseTo(2.4, 0);
  });

  it('reads each value from its own line on a page turned the other way', () => {
    const next = totalsScan(['$9,871.71', '$814.42', '$10,686.13'], -1.6);
    const read = applyLayoutMemory(analysePages([next]), memory, fields, 'doc-2');
    expect(read.map((f) => [f.key, f.value])).toEqual([
      ['subtotal', { amount: 9871.71, currency: 'USD' }],
      ['tax', { amount: 814.42, currency: 'USD' }],
    ]);
  });

  it('takes a memory learned without a slope as learned on a level page', () => {
    const level = totalsScan(['$3,101.95', '$155.10', '$3,257.05'], 0);
    const older = learnLayout(analysePages([level]), [
      { key: 'subtotal', pageNumber: 1, box: boxOf(level, '$3,101.95') },
    ])!;
    expect(older.fields[0].slope).toBeUndefined();
    const skewed = totalsScan(['$9,871.71', '$814.42', '$10,686.13'], 3.5);
    const read = applyLayoutMemory(analysePages([skewed]), older, fields, 'doc-3');
    expect(read.map((f) => f.value)).toEqual([{ amount: 9871.71, currency: 'USD' }]);
  });

  it('moves the offset by the two slopes over the run from the anchor to the value', () => {
    const [page] = analysePages([totalsScan(['$1.00', '$2.00', '$3.00'], -1.6)]);
    const remembered = {
      anchorBox: { x0: 0.1, y0: 0.5, x1: 0.2, y1: 0.51 },
      offset: { x0: 0.3, y0: 0, x1: 0.4, y1: 0.01 },
      slope: 0.03,
    };
    const levelled = levelledForPage(remembered, page);
    const dy = (slopeOf(page) - 0.03) * (0.35 - 0.05);
    expect(levelled.offset.y0).toBeCloseTo(dy, 6);
    expect(levelled.offset.y1).toBeCloseTo(0.01 + dy, 6);
    expect(levelled.offset.x0).toBe(0.3);
    const [digital] = analysePages([totalsScan(['$1.00', '$2.00', '$3.00'], 0, 'pdf-text')]);
    expect(levelledForPage({ ...remembered, slope: undefined }, digital)).toEqual({
      ...remembered,
      slope: undefined,
    });
  });
});
