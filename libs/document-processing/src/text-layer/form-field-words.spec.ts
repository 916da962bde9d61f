import type { Matrix, RunnerFormField } from '../runner/runner-protocol';
import { wordsFromFormFields } from './form-field-words';

// A US Letter page as pdf.js describes it: scale-1 viewport flipping PDF's bottom-left origin.
const VIEWPORT = { width: 612, height: 792, transform: [1, 0, 0, -1, 0, 792] as Matrix };

function field(text: string, extra: Partial<RunnerFormField> = {}): RunnerFormField {
  return {
    text,
    rect: [100, 600, 300, 620],
    fontSize: 10,
    multiLine: false,
    alignment: 0,
    ...extra,
  };
}

const inPoints = (box: { x0: number; y0: number; x1: number; y1: number }) => ({
  left: box.x0 * 612,
  top: box.y0 * 792,
  right: box.x1 * 612,
  bottom: box.y1 * 792,
});

describe('wordsFromFormFields', () => {
  it('places a field’s words left-aligned inside its rectangle, centred on its height', () => {
    const words = wordsFromFormFields([field('Jane  Smith')], VIEWPORT);
    expect(words.map((word) => word.text)).toEqual(['Jane', 'Smith']);
    const [jane, smith] = words.map((word) => inPoints(word.box));
    expect(jane!.left).toBeCloseTo(102, 6);
    expect(smith!.left).toBeGreaterThan(jane!.right);
    expect(smith!.right).toBeLessThan(300);
    // The field spans 172..192 pt from the top; the text sits inside it.
    expect(jane!.top).toBeGreaterThan(172);
    expect(jane!.bottom).toBeLessThan(192);
    expect(words.every((word) => word.confidence === 1)).toBe(true);
  });

  it('aligns right and centred fields as the form says', () => {
    const [right] = wordsFromFormFields([field('42', { alignment: 2 })], VIEWPORT);
    const [centred] = wordsFromFormFields([field('42', { alignment: 1 })], VIEWPORT);
    expect(inPoints(right!.box).right).toBeCloseTo(298, 6);
    const middle = (inPoints(centred!.box).left + inPoints(centred!.box).right) / 2;
    expect(middle).toBeCloseTo(200, 6);
  });

  it('stacks the lines of a multi-line field and sizes an auto-sized field to its box', () => {
    const words = wordsFromFormFields(
      [
        field('Pipe burst\nwater below', { multiLine: true, rect: [100, 500, 300, 560] }),
        field('Auto', { fontSize: 0, rect: [100, 400, 200, 410] }),
      ],
      VIEWPORT,
    );
    const at = (text: string) => inPoints(words.find((word) => word.text === text)!.box);
    expect(at('water').top).toBeGreaterThanOrEqual(at('Pipe').bottom - 0.5);
    expect(at('water').left).toBeCloseTo(at('Pipe').left, 6);
    // A 10 pt high field sized "auto" holds 7 pt text (ascent to descent 1.117 em) inside it.
    expect(at('Auto').bottom - at('Auto').top).toBeCloseTo(7 * 1.117, 6);
  });
});
