import type { Matrix, RunnerPdfText, RunnerTextItem } from '../runner/runner-protocol';
import { glyphWidth } from './glyph-widths';
import { wordsFromOcr } from './ocr-words';
import { wordsFromPdfText } from './pdf-text-words';

// A US Letter page as pdf.js describes it: scale-1 viewport flipping PDF's bottom-left origin.
const PAGE = { width: 612, height: 792 };
const UPRIGHT: Matrix = [1, 0, 0, -1, 0, PAGE.height];
const STYLE = { f1: { fontFamily: 'sans-serif', ascent: 0.9, descent: -0.2, vertical: false } };

function run(
  str: string,
  x: number,
  y: number,
  size = 10,
  extra: Partial<RunnerTextItem> = {},
): RunnerTextItem {
  const width =
    Array.from(str).reduce((sum, character) => sum + glyphWidth(character, 'sans-serif'), 0) * size;
  return {
    str,
    transform: [size, 0, 0, size, x, y],
    width,
    height: size,
    fontName: 'f1',
    dir: 'ltr',
    ...extra,
  };
}

function page(items: RunnerTextItem[], transform: Matrix = UPRIGHT): RunnerPdfText {
  const [width, height] =
    transform[0] === 0 ? [PAGE.height, PAGE.width] : [PAGE.width, PAGE.height];
  return {
    source: 'pdf-text',
    viewport: { width, height, transform },
    items,
    styles: STYLE,
    fields: [],
  };
}

describe('wordsFromPdfText', () => {
  it('splits a run into words with boxes normalised to the page, origin top-left', () => {
    const words = wordsFromPdfText(page([run('Policy  A-100', 100, 692)]));

    expect(words.map((word) => word.text)).toEqual(['Policy', 'A-100']);
    const [policy, number] = words;
    const policyWidth =
      10 * Array.from('Policy').reduce((sum, c) => sum + glyphWidth(c, 'sans-serif'), 0);
    expect(policy!.box.x0).toBeCloseTo(100 / 612, 6);
    expect(policy!.box.x1).toBeCloseTo((100 + policyWidth) / 612, 6);
    // Baseline 100 pt above the bottom = 692 pt from the top; ascent 9 pt above, descent 2 below.
    expect(policy!.box.y0).toBeCloseTo((792 - 692 - 9) / 792, 6);
    expect(policy!.box.y1).toBeCloseTo((792 - 692 + 2) / 792, 6);
    expect(number!.box.x0).toBeGreaterThan(policy!.box.x1);
    expect(words.every((word) => word.confidence === 1)).toBe(true);
  });

  it('joins a word drawn as several runs and keeps separate words apart', () => {
    const first = run('Clai', 100, 700);
    const second = run('m', 100 + first.width, 700);
    const far = run('No', 100 + first.width + second.width + 30, 700);

    const words = wordsFromPdfText(page([first, second, far]));

    expect(words.map((word) => word.text)).toEqual(['Claim', 'No']);
    expect(words[0]!.box.x1).toBeCloseTo((100 + first.width + second.width) / 612, 6);
  });

  it('does not join across whitespace runs or lines', () => {
    const words = wordsFromPdfText(
      page([
        run('Total', 100, 700),
        run(' ', 125, 700),
        run('due', 130, 700),
        run('EUR', 100, 680),
      ]),
    );

    expect(words.map((word) => word.text)).toEqual(['Total', 'due', 'EUR']);
  });

  it('ends a word at a space run pdf.js put between two runs, however narrow the gap', () => {
    // A caption in one font and its value in another, one space apart: pdf.js measured the gap
    // as 0.23 em, under the join gap, and said so with a run of its own holding a space.
    const caption = run('Company:', 100, 700);
    const valueX = 100 + caption.width + 2.3;
    const words = wordsFromPdfText(
      page([
        caption,
        run(' ', 100 + caption.width, 700, 10, { width: 2.3 }),
        run('Granite', valueX, 700, 10, { fontName: 'f2' }),
      ]),
    );

    expect(words.map((word) => word.text)).toEqual(['Company:', 'Granite']);
  });

  it('still joins runs a narrow gap apart with no space run between them', () => {
    const caption = run('Company:', 100, 700);
    const words = wordsFromPdfText(page([caption, run('Granite', 100 + caption.width + 2.3, 700)]));

    expect(words.map((word) => word.text)).toEqual(['Company:Granite']);
  });

  it('parts runs touching where the font changes from a small letter to a capital', () => {
    // Draw 7026: a carrier's name in the value font reached the next caption in the caption
    // font, and the two read "InsurancePolicy".
    const value = run('General Insurance', 100, 700, 10, { fontName: 'f2' });
    const touching = (caption: string, fontName: string) =>
      wordsFromPdfText(
        page([value, run(caption, 100 + value.width - 0.8, 700, 10, { fontName })]),
      ).map((word) => word.text);

    expect(touching('Policy No.', 'f1')).toEqual(['General', 'Insurance', 'Policy', 'No.']);
    // In one font (a kerned word), or going on in small letters, the runs are one word.
    expect(touching('Policy No.', 'f2')).toEqual(['General', 'InsurancePolicy', 'No.']);
    expect(touching('s Ltd', 'f1')).toEqual(['General', 'Insurances', 'Ltd']);
  });

  it('places words of a page rotated by 90 degrees', () => {
    // pdf.js' viewport for /Rotate 90: x' = y, y' = x (the page's top edge is now on the right).
    const rotated: Matrix = [0, 1, 1, 0, 0, 0];
    const [word] = wordsFromPdfText(page([run('Rotated', 100, 700)], rotated));

    // Text runs downwards in the rotated image, near its right edge.
    expect(word!.box.x0).toBeGreaterThan(0.85);
    expect(word!.box.y0).toBeCloseTo(100 / 612, 6);
    expect(word!.box.y1 - word!.box.y0).toBeGreaterThan(word!.box.x1 - word!.box.x0);
  });

  it('mirrors word positions in right-to-left runs', () => {
    const words = wordsFromPdfText(page([run('abc def', 100, 700, 10, { dir: 'rtl' })]));

    expect(words.map((word) => word.text)).toEqual(['abc', 'def']);
    // "abc" comes first in reading order, so it is on the right.
    expect(words[0]!.box.x0).toBeGreaterThan(words[1]!.box.x1);
  });

  it('ignores empty, blank and zero-width runs', () => {
    expect(
      wordsFromPdfText(page([run('', 1, 1), run('   ', 1, 1), { ...run('x', 1, 1), width: 0 }])),
    ).toEqual([]);
  });

  it('keeps boxes inside the page', () => {
    const [word] = wordsFromPdfText(page([run('Overflow', 600, 790, 20)]));
    expect(Object.values(word!.box).every((value) => value >= 0 && value <= 1)).toBe(true);
  });
});

describe('wordsFromOcr', () => {
  it('normalises pixel boxes and confidence, dropping blank words', () => {
    const words = wordsFromOcr({
      source: 'ocr',
      imageWidth: 1000,
      imageHeight: 500,
      words: [
        { text: 'Claim', bbox: { x0: 100, y0: 50, x1: 200, y1: 80 }, confidence: 96.5 },
        { text: ' ', bbox: { x0: 0, y0: 0, x1: 1, y1: 1 }, confidence: 10 },
      ],
    });

    expect(words).toEqual([
      { text: 'Claim', box: { x0: 0.1, y0: 0.1, x1: 0.2, y1: 0.16 }, confidence: 0.965 },
    ]);
  });
});
