import type { PositionedWord } from '../text-layer/line-grouper';
import { amountGroups, codesOnward, gluedCodesApart, splitOverFigures } from './figure-columns';

/** A word at [x0, x1] of the page's width on one line. */
function word(text: string, x0: number, x1: number, y = 0.3): PositionedWord {
  return { text, box: { x0, y0: y, x1, y1: y + 0.014 }, confidence: 1 } as PositionedWord;
}

const texts = (groups: PositionedWord[][] | null): string[] | null =>
  groups?.map((g) => g.map((w) => w.text).join(' ')) ?? null;

describe('amountGroups', () => {
  it('keeps each code before its amount when the run opens with a code', () => {
    const words = ['USD', '7,682.64', 'USD', '23,408.46'].map((t, i) =>
      word(t, i * 0.1, i * 0.1 + 0.05),
    );
    expect(texts(amountGroups(words))).toEqual(['USD 7,682.64', 'USD 23,408.46']);
  });

  it('keeps each code after its amount otherwise', () => {
    const words = ['15,661.18', 'USD', '16,745.77', 'USD'].map((t, i) =>
      word(t, i * 0.1, i * 0.1 + 0.05),
    );
    expect(texts(amountGroups(words))).toEqual(['15,661.18 USD', '16,745.77 USD']);
  });

  it('refuses a run holding anything but amounts and codes', () => {
    expect(amountGroups([word('Bumper', 0, 0.05), word('$20.00', 0.1, 0.15)])).toBeNull();
  });

  // A harsh scan of draw 7024 read "$18,763.47 $0.00 $18,763.47" as "$18,763.47 $0. oe $18,763.47".
  it('counts a currency figure whose cents OCR lost, with the speck read for them', () => {
    const words = ['$18,763.47', '$0.', 'oe', '$11,577.', '$18,763.47'].map((t, i) =>
      word(t, i * 0.1, i * 0.1 + 0.05),
    );
    expect(texts(amountGroups(words))).toEqual(['$18,763.47', '$0. oe', '$11,577.', '$18,763.47']);
  });

  it('takes a currency code OCR misread for a code (draw 7024: "uso", "usp", "usD")', () => {
    const words = ['9,168.20', 'uso', '0.00', 'USD', '9,168.20', 'usD'].map((t, i) =>
      word(t, i * 0.1, i * 0.1 + 0.05),
    );
    expect(texts(amountGroups(words))).toEqual(['9,168.20 uso', '0.00 USD', '9,168.20 usD']);
  });

  it('takes no bare figure closing a sentence for an amount', () => {
    expect(amountGroups([word('$20.00', 0, 0.05), word('12.', 0.1, 0.15)])).toBeNull();
  });
});

describe('splitOverFigures', () => {
  // "Payments Open Reserve Incurred Amount" printed tight, "Reserve" and "Incurred" overlapping.
  const header = [
    word('Payments', 0.584, 0.661),
    word('Open', 0.675, 0.716),
    word('Reserve', 0.721, 0.784),
    word('Incurred', 0.777, 0.842),
    word('Amount', 0.847, 0.909),
  ];
  const column = { x0: 0.584, x1: 0.909, header };
  const row = (y: number, ...figures: Array<[string, number]>): PositionedWord[] =>
    figures.flatMap(([text, x1]) => [
      word('USD', x1 - 0.11, x1 - 0.075, y),
      word(text, x1 - 0.07, x1, y),
    ]);
  const rows = [
    row(0.31, ['7,682.64', 0.661], ['23,408.46', 0.785], ['31,091.10', 0.909]),
    row(0.33, ['22,882.25', 0.661], ['0.00', 0.785], ['22,882.25', 0.909]),
    row(0.35, ['2,342.64', 0.661], ['1,446.63', 0.785], ['3,789.27', 0.909]),
  ];

  it('shares the caption words out among the figures they stand over', () => {
    const split = splitOverFigures(column, rows);
    expect(split?.map((c) => c.header.map((w) => w.text).join(' '))).toEqual([
      'Payments',
      'Open Reserve',
      'Incurred Amount',
    ]);
  });

  it('cuts where the captions line up with their figures one way, a caption running over the figure before', () => {
    // Flush right: "INCURRED" starts over the end of the first figure, "AMOUNT" ends the second.
    const tight = {
      x0: 0.69,
      x1: 0.927,
      header: [
        word('OUTSTANDING', 0.69, 0.798),
        word('INCURRED', 0.78, 0.858),
        word('AMOUNT', 0.862, 0.927),
      ],
    };
    const figures = [
      [word('$0.00', 0.76, 0.797, 0.25), word('$8542.08', 0.865, 0.927, 0.25)],
      [word('$26049.37', 0.735, 0.797, 0.27), word('$29209.83', 0.865, 0.927, 0.27)],
    ];
    expect(
      splitOverFigures(tight, figures)?.map((c) => c.header.map((w) => w.text).join(' ')),
    ).toEqual(['OUTSTANDING', 'INCURRED AMOUNT']);
    // The one row a table's last page holds is enough.
    expect(splitOverFigures(tight, figures.slice(0, 1))).toHaveLength(2);
  });

  it('keeps figures side by side when a right-aligned one starts a glyph inside the one before', () => {
    // "O/S Reserve Incurred Amount" of a 7015 loss run: each reserve is wider than its column
    // and its code ends past where the incurred figure begins.
    const overlapping = {
      x0: 0.646,
      x1: 0.892,
      header: [
        word('O/S', 0.677, 0.706),
        word('Reserve', 0.71, 0.773),
        word('Incurred', 0.761, 0.826),
        word('Amount', 0.831, 0.892),
      ],
    };
    const figures = (y: number, reserve: number) => [
      word('29,950.74', reserve, 0.734, y),
      word('USD', 0.744, 0.773, y),
      word('45,069.68', 0.765, 0.853, y),
      word('USD', 0.863, 0.892, y),
    ];
    const split = splitOverFigures(overlapping, [figures(0.35, 0.646), figures(0.37, 0.655)]);
    expect(split?.map((c) => c.header.map((w) => w.text).join(' '))).toEqual([
      'O/S Reserve',
      'Incurred Amount',
    ]);
    // Figures sharing most of their width stand over one another: no columns side by side.
    const stacked = [word('1,000.00', 0.6, 0.7), word('2,000.00', 0.62, 0.72)];
    expect(splitOverFigures(overlapping, [stacked, stacked])).toBeNull();
  });

  it('shares the caption out when OCR lost the cents of some figures', () => {
    // Each figure flush right at x1; cents read as a speck stand at its right end.
    const lost = (y: number, ...figures: Array<[string, number]>): PositionedWord[] =>
      figures.flatMap(([text, x1]) => {
        const [figure, speck] = text.split(' ');
        return speck
          ? [word(figure, x1 - 0.07, x1 - 0.03, y), word(speck, x1 - 0.025, x1, y)]
          : [word(figure, x1 - 0.07, x1, y)];
      });
    const scanned = [
      lost(0.31, ['$2,846.38', 0.661], ['$18,115.36', 0.785], ['$20,961.74', 0.909]),
      lost(0.33, ['$16,693.55', 0.661], ['$11,577.', 0.785], ['$28,270.80', 0.909]),
      lost(0.35, ['$18,763.47', 0.661], ['$0. oe', 0.785], ['$18,763.47', 0.909]),
      lost(0.37, ['$17,534.07', 0.661], ['$0.', 0.785], ['$17,534.07', 0.909]),
    ];
    expect(
      splitOverFigures(column, scanned)?.map((c) => c.header.map((w) => w.text).join(' ')),
    ).toEqual(['Payments', 'Open Reserve', 'Incurred Amount']);
  });

  it('leaves a column alone whose rows print one figure', () => {
    const single = [row(0.31, ['7,682.64', 0.909]), row(0.33, ['22,882.25', 0.909])];
    expect(splitOverFigures(column, single)).toBeNull();
  });

  it('leaves a column alone when a figure has no caption word over it', () => {
    const short = { x0: 0.584, x1: 0.661, header: [header[0]] };
    expect(splitOverFigures(short, rows)).toBeNull();
  });
});

describe('gluedCodesApart', () => {
  it('takes a code printed flush against an amount apart from it', () => {
    const words = gluedCodesApart([word('5,684.48USD', 0.5, 0.61), word('USD7.50', 0.7, 0.77)]);
    expect(words.map((w) => w.text)).toEqual(['5,684.48', 'USD', 'USD', '7.50']);
    expect(words[0].box.x1).toBeCloseTo(0.58);
    expect(words[1].box.x0).toBeCloseTo(0.58);
  });

  it('lets amountGroups share out a run whose codes ran into the figures', () => {
    const words = [
      word('USD', 0.4, 0.43),
      word('12,164.81', 0.44, 0.52),
      word('USD', 0.56, 0.59),
      word('5,684.48USD', 0.6, 0.71),
      word('17,849.29', 0.75, 0.83),
    ];
    expect(texts(amountGroups(words))).toEqual(['USD 12,164.81', 'USD 5,684.48', 'USD 17,849.29']);
  });

  it('leaves a code word alone', () => {
    expect(gluedCodesApart([word('CLM2023181680', 0, 0.1)]).map((w) => w.text)).toEqual([
      'CLM2023181680',
    ]);
  });
});

describe('codesOnward', () => {
  const phrase = (words: readonly PositionedWord[]) => ({ words });
  const textsOf = (phrases: Array<{ words: readonly PositionedWord[] }>) =>
    phrases.map((p) => p.words.map((w) => w.text).join(' '));

  it('hands a code closing a run of amounts on to the amount after it', () => {
    const phrases = [
      phrase([
        word('USD', 0.55, 0.58),
        word('12,618.76', 0.58, 0.65),
        word('USD', 0.67, 0.7),
        word('10,540.39', 0.7, 0.77),
        word('USD', 0.79, 0.82),
      ]),
      phrase([word('23,159.15.', 0.84, 0.91)]),
    ];
    expect(textsOf(codesOnward(phrases, phrase))).toEqual([
      'USD 12,618.76 USD 10,540.39',
      'USD 23,159.15.',
    ]);
  });

  it('leaves codes printed after their amounts with them', () => {
    const phrases = [
      phrase([word('12,618.76', 0.58, 0.65), word('USD', 0.67, 0.7)]),
      phrase([word('23,159.15', 0.84, 0.91), word('USD', 0.92, 0.95)]),
    ];
    expect(textsOf(codesOnward(phrases, phrase))).toEqual(['12,618.76 USD', '23,159.15 USD']);
  });
});
