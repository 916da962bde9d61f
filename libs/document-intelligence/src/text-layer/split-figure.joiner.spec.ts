import { extractDocumentFields } from '../extraction/field-extractor';
import { makePage } from '../testing/text-page.fixture';
import { groupLines } from './line-grouper';
import { centsStandAfter, joinSplitFigures } from './split-figure.joiner';
import type { TextPage } from './text-layer.types';

/** One OCR line: each piece a word, `spacing` points apart, with its own confidence. */
function ocrLine(pieces: ReadonlyArray<readonly [string, number]>, spacing = 3): TextPage {
  const page = makePage([]);
  let x = 60;
  const words = pieces.map(([text, confidence]) => {
    const width = text.length * 5.5;
    const word = {
      text,
      confidence,
      box: { x0: x / 612, y0: 100 / 792, x1: (x + width) / 612, y1: 110 / 792 },
    };
    x += width + spacing;
    return word;
  });
  return { ...page, source: 'ocr', words };
}

const textOf = (page: TextPage): string[] => groupLines(page)[0].words.map((w) => w.text);

describe('figures OCR split at their separators', () => {
  it('are joined when the joined text is a well-formed amount, date or identifier', () => {
    expect(
      textOf(
        ocrLine([
          ['Total:', 0.95],
          ['$6,', 0.9],
          ['994.', 0.8],
          ['08', 0.9],
        ]),
      ),
    ).toEqual(['Total:', '$6,994.08']);
    expect(
      textOf(
        ocrLine([
          ['04/', 0.9],
          ['05/', 0.9],
          ['2024', 0.9],
        ]),
      ),
    ).toEqual(['04/05/2024']);
    expect(
      textOf(
        ocrLine([
          ['CLM-', 0.9],
          ['2024-', 0.9],
          ['817111', 0.9],
        ]),
      ),
    ).toEqual(['CLM-2024-817111']);
  });

  it('stay apart when joined they are no figure, or stand a column apart', () => {
    expect(
      textOf(
        ocrLine([
          ['Items', 0.9],
          ['3,', 0.9],
          ['4', 0.9],
        ]),
      ),
    ).toEqual(['Items', '3,', '4']);
    expect(
      textOf(
        ocrLine(
          [
            ['$6,', 0.9],
            ['994.', 0.9],
            ['08', 0.9],
          ],
          40,
        ),
      ),
    ).toEqual(['$6,', '994.', '08']);
  });

  it('carry the least sure piece’s confidence into the value read from them', () => {
    const page = ocrLine([
      ['Amount', 0.95],
      ['Due:', 0.95],
      ['$6,', 0.9],
      ['994.', 0.6],
      ['08', 0.9],
    ]);
    expect(groupLines(page)[0].words[2].confidence).toBe(0.6);
    const [due] = extractDocumentFields(
      { pages: [page] },
      { fields: [{ key: 'amount_due', type: 'money', label: 'Amount Due' }] },
    );
    expect(due.value).toEqual({ amount: 6994.08, currency: 'USD' });
    expect(due.confidence).toBeLessThanOrEqual(0.6);
  });
});

describe('joinSplitFigures: amounts whose decimal point OCR lost', () => {
  /** Words placed left to right, each `gap` character widths after the one before. */
  function words(texts: string[], gap = 0.8) {
    const char = 0.01;
    let x = 0.1;
    return texts.map((text, index) => {
      const word = {
        text,
        box: { x0: x, y0: 0.3, x1: x + char * text.length, y1: 0.31 },
        confidence: 0.9,
        index,
        pageNumber: 1,
      };
      x = word.box.x1 + gap * char;
      return word;
    });
  }
  const texts = (joinedWords: ReadonlyArray<{ text: string }>) => joinedWords.map((w) => w.text);

  it('puts the cents back after the whole units of an amount', () => {
    expect(texts(joinSplitFigures(words(['$996', '68']), true))).toEqual(['$996.68']);
    expect(texts(joinSplitFigures(words(['USD', '541', '77']), true))).toEqual(['USD', '541.77']);
    expect(texts(joinSplitFigures(words(['11', '7.30', 'USD']), true))).toEqual(['117.30', 'USD']);
  });

  it('puts a leading digit cut closer than a word space back on an amount grouped in thousands', () => {
    expect(texts(joinSplitFigures(words(['Total', '1', '2,313.30'], 0.45), true))).toEqual([
      'Total',
      '12,313.30',
    ]);
    // A word space apart, or a grouping the digit would break, and they stay two words.
    expect(texts(joinSplitFigures(words(['2', '1,520.06'], 0.6), true))).toEqual(['2', '1,520.06']);
    expect(texts(joinSplitFigures(words(['123', '4,567.00'], 0.3), true))).toEqual([
      '123',
      '4,567.00',
    ]);
  });

  it('leaves figures with no currency, far apart, going on, or in a PDF text layer', () => {
    expect(texts(joinSplitFigures(words(['Items', '541', '77']), true))).toEqual([
      'Items',
      '541',
      '77',
    ]);
    expect(texts(joinSplitFigures(words(['$996', '68'], 3), true))).toEqual(['$996', '68']);
    expect(texts(joinSplitFigures(words(['$996', '68', '12']), true))).toEqual([
      '$996',
      '68',
      '12',
    ]);
    expect(texts(joinSplitFigures(words(['$996', '68'])))).toEqual(['$996', '68']);
  });
  it('tells when cents may stand apart after a figure with no currency sign', () => {
    expect(centsStandAfter(words(['21448', '71']), 0)).toBe(true);
    expect(centsStandAfter(words(['-420', '48']), 0)).toBe(true);
    // Decimals read, cents far off, a third group going on, or no two digits: nothing apart.
    expect(centsStandAfter(words(['21448.71', '12']), 0)).toBe(false);
    expect(centsStandAfter(words(['21448', '71'], 3), 0)).toBe(false);
    expect(centsStandAfter(words(['12', '34', '56']), 0)).toBe(false);
    expect(centsStandAfter(words(['21448', '7']), 0)).toBe(false);
    expect(centsStandAfter(words(['21448']), 0)).toBe(false);
  });

  it('doubts an amount read without the cents that stand apart after it', () => {
    const amountOf = (pieces: ReadonlyArray<readonly [string, number]>) =>
      extractDocumentFields(
        { pages: [ocrLine(pieces)] },
        { fields: [{ key: 'total_paid', type: 'money', label: 'Total Paid' }] },
      )[0];
    const apart = amountOf([
      ['Total', 0.95],
      ['Paid:', 0.95],
      ['21448', 0.95],
      ['71', 0.95],
    ]);
    const whole = amountOf([
      ['Total', 0.95],
      ['Paid:', 0.95],
      ['21448', 0.95],
    ]);
    expect(whole.confidence).toBeGreaterThan(0.9);
    expect(apart.confidence).toBeLessThan(0.7);
  });
});

describe('telephone numbers OCR read apart inside a digit group', () => {
  it('joins the exchange and line back after a bracketed area code', () => {
    const read = (pieces: ReadonlyArray<readonly [string, number]>) => textOf(ocrLine(pieces, 1));
    expect(
      read([
        ['Tel:', 0.9],
        ['(211)', 0.88],
        ['51', 0.88],
        ['5-3088', 0.92],
      ]),
    ).toEqual(['Tel:', '(211)', '515-3088']);
    expect(
      read([
        ['(327)', 0.95],
        ['7', 0.9],
        ['47-63', 0.9],
        ['95', 0.9],
      ]),
    ).toEqual(['(327)', '747-6395']);
  });

  it('leaves apart what joins into no local number, stands far apart, or is no OCR', () => {
    expect(
      textOf(
        ocrLine(
          [
            ['(211)', 0.9],
            ['515-3088', 0.9],
            ['12', 0.9],
          ],
          1,
        ),
      ),
    ).toEqual(['(211)', '515-3088', '12']);
    expect(
      textOf(
        ocrLine(
          [
            ['(211)', 0.9],
            ['51', 0.9],
            ['5-3088', 0.9],
          ],
          12,
        ),
      ),
    ).toEqual(['(211)', '51', '5-3088']);
    const page = ocrLine(
      [
        ['(211)', 0.9],
        ['51', 0.9],
        ['5-3088', 0.9],
      ],
      1,
    );
    expect(textOf({ ...page, source: 'pdf-text' })).toEqual(['(211)', '51', '5-3088']);
  });
});
