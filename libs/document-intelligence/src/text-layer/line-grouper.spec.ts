import { makePage } from '../testing/text-page.fixture';
import { groupLines, splitSegments } from './line-grouper';
import type { TextLayerSource, TextPage, TextWord } from './text-layer.types';

/** A US letter page of the given words. */
function letterPage(words: readonly TextWord[], source: TextLayerSource = 'pdf-text'): TextPage {
  return { pageNumber: 1, width: 612, height: 792, source, words };
}

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
    const page = letterPage([
      at('Evaluation', 0.103, 0.172, 0.154),
      at('Date......................', 0.176, 0.433, 0.153),
      at('December', 0.426, 0.497, 0.155),
      at('2024', 0.506, 0.54, 0.155),
    ]);
    expect(groupLines(page).map((l) => l.text)).toEqual([
      'Evaluation Date...................... December 2024',
    ]);
  });

  it('keeps a figure printed over the end of the column before on its row, as a phrase of its own', () => {
    // A tight loss run: the reserve, right-aligned and wider than its column, starts under the
    // paid amount's code, and the incurred amount starts under the reserve's code.
    const at = (text: string, x0: number, x1: number) => ({
      text,
      box: { x0, y0: 0.345, x1, y1: 0.358 },
      confidence: 1,
    });
    const page = letterPage([
      at('23/29576/SJ', 0.101, 0.209),
      at('15,118.94', 0.527, 0.615),
      at('USD', 0.625, 0.654),
      at('29,950.74', 0.646, 0.734),
      at('USD', 0.744, 0.773),
      at('45,069.68', 0.765, 0.853),
      at('USD', 0.863, 0.892),
    ]);
    const lines = groupLines(page);
    expect(lines.map((l) => l.text)).toEqual([
      '23/29576/SJ 15,118.94 USD 29,950.74 USD 45,069.68 USD',
    ]);
    expect(splitSegments(lines[0]).map((s) => s.text)).toEqual([
      '23/29576/SJ',
      '15,118.94 USD',
      '29,950.74 USD',
      '45,069.68 USD',
    ]);
  });

  it('leaves handwriting whose strokes overlap as it was: no print of one size', () => {
    // FUNSD 87137840: "03 /02 /90" written by hand, the slashes twice the digits' height.
    const at = (text: string, x0: number, x1: number, y0: number, y1: number) => ({
      text,
      box: { x0: x0 / 762, y0: y0 / 1000, x1: x1 / 762, y1: y1 / 1000 },
      confidence: 1,
    });
    const page = letterPage([
      at('DATE:', 124, 163, 761, 776),
      at('03', 189, 214, 753, 770),
      at('/02', 201, 246, 749, 788),
    ]);
    expect(groupLines(page).map((l) => l.text)).toEqual(['DATE: 03', '/02']);
  });

  it('starts a new line for a word overprinting another a line height or more', () => {
    const at = (text: string, x0: number, x1: number, y0: number) => ({
      text,
      box: { x0, y0, x1, y1: y0 + 0.013 },
      confidence: 1,
    });
    const page = letterPage([at('Description', 0.1, 0.3, 0.2), at('Stamp', 0.15, 0.25, 0.2)]);
    expect(groupLines(page)).toHaveLength(2);
  });

  /** An OCR line's words, each with its own extent across the line's one height. */
  const onLine =
    (y0: number, y1: number, confidence: number) => (text: string, x0: number, x1: number) => ({
      text,
      box: { x0, y0, x1, y1 },
      confidence,
    });

  it("keeps the answer on its caption's line when OCR drew the caption's box over it", () => {
    const at = onLine(0.1214, 0.1377, 0.95);
    const page = letterPage(
      [
        at('First', 0.5906, 0.6247),
        at('Named', 0.6376, 0.6782),
        // Eight letters over 0.13 of the page: the box reaches over "An" of the answer.
        at('Insured:', 0.6747, 0.8053),
        at('Andre', 0.7629, 0.8071),
        at('Martinez', 0.8165, 0.8929),
      ],
      'ocr',
    );
    expect(groupLines(page).map((l) => l.text)).toEqual(['First Named Insured: Andre Martinez']);
  });

  it('keeps a taller word on its line when the box before it covers it whole', () => {
    const at = onLine(0.4427, 0.4541, 0.95);
    const page = letterPage(
      [
        at('NUMBER', 0.138, 0.2188),
        at('OF', 0.223, 0.2483),
        at('PAGES', 0.2556, 0.3086),
        // Nine letters over 0.17 of the page: the box reaches past the end of "COVER".
        {
          ...at('INCLUDING', 0.3159, 0.4876),
          box: { x0: 0.3159, y0: 0.4427, x1: 0.4876, y1: 0.4559 },
        },
        // Drawn taller than its neighbours but standing on their baseline.
        { ...at('COVER', 0.4286, 0.4816), box: { x0: 0.4286, y0: 0.4405, x1: 0.4816, y1: 0.4595 } },
        at('SHEET:', 0.4913, 0.5546),
        { ...at('3', 0.616, 0.6245), box: { x0: 0.616, y0: 0.4436, x1: 0.6245, y1: 0.4559 } },
      ],
      'ocr',
    );
    expect(groupLines(page).map((l) => l.text)).toEqual([
      'NUMBER OF PAGES INCLUDING COVER SHEET: 3',
    ]);
  });

  it('keeps a row whose figure OCR drew over the capitals after it, measured by its figures', () => {
    const at = onLine(0.2376, 0.2476, 0.9);
    const page = letterPage(
      [
        at('3,288.56', 0.554, 0.623),
        at('USD', 0.634, 0.659),
        // Nine figures over 0.113 of the page: the box reaches over the "U" of the USD after it.
        at('23,106.41', 0.676, 0.789),
        at('USD', 0.764, 0.791),
        at('26,394.97', 0.807, 0.884),
        at('USD', 0.895, 0.92),
      ],
      'ocr',
    );
    expect(groupLines(page).map((l) => l.text)).toEqual([
      '3,288.56 USD 23,106.41 USD 26,394.97 USD',
    ]);
  });

  it('keeps a wide speck of one letter from pulling the words under it into its line', () => {
    const page = letterPage(
      [
        // A ruling OCR read as "e": one letter in a box a fifth of the page wide.
        { text: 'e', box: { x0: 0.09, y0: 0.334, x1: 0.2, y1: 0.373 }, confidence: 0.3 },
        { text: 'Toes', box: { x0: 0.15, y0: 0.33, x1: 0.25, y1: 0.345 }, confidence: 0.07 },
      ],
      'ocr',
    );
    expect(groupLines(page)).toHaveLength(2);
  });

  it("keeps a word printed over another's start out of its line", () => {
    const page = letterPage([
      { text: 'Signature', box: { x0: 0.1, y0: 0.5, x1: 0.3, y1: 0.52 }, confidence: 1 },
      { text: 'x', box: { x0: 0.12, y0: 0.5, x1: 0.14, y1: 0.52 }, confidence: 1 },
    ]);
    expect(groupLines(page)).toHaveLength(2);
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

  it('ends an answer run up to the next column where the lines above and below both start one there', () => {
    // "04101" ends at 275.7; "Peril" starts 2.3 points on: closer than a word space.
    const runs = (peril: string) => [
      { x: 50, y: 100, text: 'Claim ID' },
      { x: 278, y: 100, text: 'CLM-2024-791183' },
      { x: 50, y: 118, text: 'Incident Location' },
      { x: 160, y: 118, text: '8954 Cedar Ln, ME 04101' },
      { x: 278, y: 118, text: peril },
      { x: 400, y: 118, text: 'Collision' },
      { x: 50, y: 136, text: 'Police Called' },
      { x: 278, y: 136, text: 'Notice Date' },
    ];
    const [, middle] = groupLines(makePage(runs('Peril')));
    expect(splitSegments(middle).map((s) => s.text)).toEqual([
      'Incident Location',
      '8954 Cedar Ln, ME 04101',
      'Peril',
      'Collision',
    ]);
    // With a column started on one side only, the run stays one phrase.
    const [, oneSide] = groupLines(makePage(runs('Peril').slice(0, 6)));
    expect(splitSegments(oneSide).map((s) => s.text)).toContain('8954 Cedar Ln, ME 04101 Peril');
  });

  it('ends a phrase where the print changes from a caption in capitals and a neighbour line starts a column', () => {
    // A declarations grid of draw 7032: "COVERAGE BEGINS" is too long for its column and runs
    // into its date with a word space between; "Northgate" above starts the answers' column.
    const at = (text: string, x0: number, x1: number, y0: number) => ({
      text,
      box: { x0, y0, x1, y1: y0 + 0.014 },
      confidence: 1,
    });
    const above = [
      at('CLIENT', 0.1, 0.164, 0.146),
      at('Megan', 0.28, 0.334, 0.146),
      at('Reynolds', 0.345, 0.431, 0.146),
      at('COMPANY', 0.5, 0.591, 0.146),
      at('Northgate', 0.68, 0.777, 0.146),
      at('Mutual', 0.788, 0.874, 0.146),
    ];
    const row = [
      at('BROKER', 0.1, 0.176, 0.173),
      at('Linda', 0.28, 0.334, 0.173),
      at('Patel', 0.345, 0.398, 0.173),
      at('COVERAGE', 0.5, 0.602, 0.173),
      at('BEGINS', 0.607, 0.675, 0.173),
      at('2024-09-09', 0.68, 0.788, 0.173),
    ];
    const [, second] = groupLines(letterPage([...above, ...row]));
    expect(splitSegments(second).map((s) => s.text)).toEqual([
      'BROKER',
      'Linda Patel',
      'COVERAGE BEGINS',
      '2024-09-09',
    ]);
    // An answer run into the next caption in capitals ends where the caption's column starts.
    const first = [
      at('FORM', 0.1, 0.153, 0.12),
      at('TYPE', 0.158, 0.205, 0.12),
      at('Commercial', 0.28, 0.386, 0.12),
      at('Property', 0.397, 0.485, 0.12),
      at('POLICY', 0.5, 0.566, 0.12),
      at('#', 0.571, 0.581, 0.12),
      at('HO-14-3005244', 0.68, 0.82, 0.12),
    ];
    const [top] = groupLines(letterPage([...first, ...above]));
    expect(splitSegments(top).map((s) => s.text)).toEqual([
      'FORM TYPE',
      'Commercial Property',
      'POLICY #',
      'HO-14-3005244',
    ]);
    // A short word in capitals is as often the answer's own ("Fender LH" in a column of parts,
    // a harsh scan of draw 7031): it ends no phrase.
    const parts = [
      at('Wheel', 0.12, 0.155, 0.3),
      at('1', 0.182, 0.19, 0.3),
      at('Fender', 0.12, 0.171, 0.317),
      at('LH', 0.182, 0.198, 0.317),
    ];
    const fender = groupLines(letterPage(parts)).find((l) => l.text.startsWith('Fender'))!;
    expect(splitSegments(fender).map((s) => s.text)).toEqual(['Fender LH']);
    // Alone, or with its caption in small letters, the caption and the date stay one phrase.
    const [alone] = groupLines(letterPage(row));
    expect(splitSegments(alone).map((s) => s.text)).toContain('COVERAGE BEGINS 2024-09-09');
    const lower = row.map((w) => (w.text === 'BEGINS' ? { ...w, text: 'Begins' } : w));
    const [, withLower] = groupLines(letterPage([...above, ...lower]));
    expect(splitSegments(withLower).map((s) => s.text)).toContain('COVERAGE Begins 2024-09-09');
  });

  it('ends a phrase at a narrow gutter where the line under it starts a column', () => {
    // "LLC" ends at 261.1; "Evaluation" starts 7 points on: two word spaces and a half, too
    // narrow for a column gap alone, but "Underwriter" starts the next line's column there.
    const page = makePage([
      { x: 50, y: 100, text: 'Name of Insured' },
      { x: 140, y: 100, text: 'Underwood Logistics LLC' },
      { x: 268.1, y: 100, text: 'Evaluation Date' },
      { x: 380, y: 100, text: '08/28/2024' },
      { x: 50, y: 118, text: 'Certificate No.' },
      { x: 140, y: 118, text: 'PA/2021/088912' },
      { x: 268.1, y: 118, text: 'Underwriter' },
      { x: 380, y: 118, text: 'Granite Mutual' },
    ]);
    const [first] = groupLines(page);
    expect(splitSegments(first).map((s) => s.text)).toEqual([
      'Name of Insured',
      'Underwood Logistics LLC',
      'Evaluation Date',
      '08/28/2024',
    ]);
    // Alone, the same line keeps the answer and the next caption as one phrase.
    const [alone] = groupLines(
      makePage([
        { x: 140, y: 100, text: 'Underwood Logistics LLC' },
        { x: 268.1, y: 100, text: 'Evaluation Date' },
      ]),
    );
    expect(splitSegments(alone).map((s) => s.text)).toEqual([
      'Underwood Logistics LLC Evaluation Date',
    ]);
  });

  it("keeps a date's year with it across a wide gap after the day's comma", () => {
    // OCR boxes tight around the glyphs: the space after "1," reads as wide as a column gap.
    const at = (text: string, x0: number, x1: number) => ({
      text,
      box: { x0, y0: 0.156, x1, y1: 0.168 },
      confidence: 0.95,
    });
    const words = (year: string) => [
      at('Evaluation', 0.1, 0.17),
      at('Date', 0.175, 0.21),
      at('June', 0.5, 0.535),
      at('1,', 0.54, 0.548),
      at(year, 0.575, 0.61),
    ];
    const segments = (year: string) =>
      splitSegments(
        groupLines({
          pageNumber: 1,
          width: 612,
          height: 792,
          source: 'ocr',
          words: words(year),
        })[0],
      ).map((s) => s.text);
    expect(segments('2024')).toEqual(['Evaluation Date', 'June 1, 2024']);
    // Not a year: the gap parts two phrases as before.
    expect(segments('Paid')).toEqual(['Evaluation Date', 'June 1,', 'Paid']);
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
