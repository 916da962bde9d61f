import { groupLines } from './line-grouper';
import {
  isSpeck,
  withColonsRestored,
  withIdCaptionRead,
  withLeadersJoined,
  withoutGluedMarks,
  withoutSpecks,
} from './ocr-specks';
import type { PositionedWord, TextPage } from './text-layer.types';

/** A word on a 1000 x 1000 page, boxes in page fractions. */
function word(text: string, x0: number, y0: number, confidence = 0.9): PositionedWord {
  const width = 0.012 * Math.max(1, text.length);
  return {
    text,
    box: { x0, y0, x1: x0 + width, y1: y0 + 0.015 },
    confidence,
    index: 0,
    pageNumber: 1,
  };
}

function page(words: PositionedWord[], source: TextPage['source'] = 'ocr'): TextPage {
  return { pageNumber: 1, width: 1000, height: 1000, source, words };
}

describe('isSpeck: what OCR reads from noise and rulings', () => {
  it('takes lone marks read unsure and rulings at any confidence', () => {
    expect(isSpeck({ text: ';', confidence: 0.3 })).toBe(true);
    expect(isSpeck({ text: '©', confidence: 0.3 })).toBe(true);
    expect(isSpeck({ text: '|', confidence: 0.95 })).toBe(true);
    expect(isSpeck({ text: '~~', confidence: 0.95 })).toBe(true);
    // A brace read at 0.00 between a harsh scan's columns (draw 7032) ended a table mid-way.
    expect(isSpeck({ text: '}', confidence: 0 })).toBe(true);
    expect(isSpeck({ text: '{', confidence: 0.3 })).toBe(true);
    expect(isSpeck({ text: '}', confidence: 0.95 })).toBe(false);
  });

  it('keeps words with a letter or digit, signs that mean something, leaders and marks read sure', () => {
    expect(isSpeck({ text: '-', confidence: 1 })).toBe(false);
    expect(isSpeck({ text: 'i', confidence: 0 })).toBe(false);
    expect(isSpeck({ text: '$', confidence: 0.2 })).toBe(false);
    expect(isSpeck({ text: '#', confidence: 0.2 })).toBe(false);
    expect(isSpeck({ text: '%', confidence: 0.2 })).toBe(false);
    expect(isSpeck({ text: '..........', confidence: 0.9 })).toBe(false);
    expect(isSpeck({ text: ':', confidence: 0.9 })).toBe(false);
  });
});

describe('withoutSpecks', () => {
  it('drops a lone small i or l OCR was unsure of, a stroke read as a letter', () => {
    // Harsh scans of draw 7024: a box's edge read "i" before "BROKER" (0.35) and "insured".
    const words = [
      word('i', 0.076, 0.2, 0.35),
      word('BROKER', 0.09, 0.2),
      word('l', 0.3, 0.2, 0.5),
      word('Item', 0.1, 0.4),
      word('i', 0.2, 0.4, 0.95),
    ];
    expect(withoutSpecks(words, 1).map((w) => w.text)).toEqual(['BROKER', 'Item', 'i']);
  });

  it('drops a short lone letter OCR read next to nothing from, but never a mark’s letter', () => {
    // A harsh scan of draw 7032: an `S` at 0.00 between "Net Amount" and its figure.
    const short = (text: string, confidence: number, x0: number) => ({
      ...word(text, x0, 0.5, confidence),
      box: { x0, y0: 0.5, x1: x0 + 0.005, y1: 0.5085 },
    });
    const words = [
      ...['Net', 'Amount', 'Sales', 'Tax', 'Grand'].map((t, k) => word(t, 0.1, 0.1 * k)),
      short('S', 0, 0.3),
      short('X', 0, 0.4),
      short('T', 0.4, 0.5),
      word('K', 0.6, 0.5, 0.01),
    ];
    expect(withoutSpecks(words, 1).map((w) => w.text)).toEqual([
      'Net',
      'Amount',
      'Sales',
      'Tax',
      'Grand',
      'X',
      'T',
      'K',
    ]);
  });

  it('drops a lone glyph boxed flatter than print, a digit too, unless read sure', () => {
    // A harsh scan of draw 7029: a "2" at 0.60, a pixel tall, before a policy number.
    const flat = (text: string, confidence: number) => ({
      ...word(text, 0.222, 0.33, confidence),
      box: { x0: 0.222, y0: 0.33, x1: 0.223, y1: 0.3302 },
    });
    const words = [
      ...['Policy', 'Number', 'Insured', 'Entity', 'Carrier'].map((t, k) => word(t, 0.1, 0.1 * k)),
      flat('2', 0.6),
      flat('7', 0.95),
      word('3', 0.5, 0.5, 0.6),
    ];
    expect(withoutSpecks(words, 1).map((w) => w.text)).toEqual([
      'Policy',
      'Number',
      'Insured',
      'Entity',
      'Carrier',
      '7',
      '3',
    ]);
  });

  it('drops a lone sign OCR gave next to no confidence, and keeps one read at all surely', () => {
    // A harsh scan of draw 7024: "Estimated Amount & Insured Entity", the & read from a blot.
    const words = [
      word('Amount', 0.1, 0.2),
      word('&', 0.2, 0.2, 0.0),
      word('Insured', 0.25, 0.2),
      word('Property', 0.1, 0.4),
      word('&', 0.21, 0.4, 0.2),
      word('Casualty', 0.24, 0.4),
    ];
    expect(withoutSpecks(words, 1).map((w) => w.text)).toEqual([
      'Amount',
      'Insured',
      'Property',
      '&',
      'Casualty',
    ]);
  });

  it('keeps an unsure colon read on its own right after a caption, and drops one standing apart', () => {
    const words = [
      word('BUSINESS', 0.1, 0.2),
      word(':', 0.198, 0.2, 0.2),
      word(':', 0.4, 0.2, 0.3),
    ];
    expect(withoutSpecks(words, 1).map((w) => [w.text, w.box.x0])).toEqual([
      ['BUSINESS', 0.1],
      [':', 0.198],
    ]);
  });
});

describe('groupLines on a noisy scan', () => {
  it('does not let a speck between two cells cut a table row in two', () => {
    // The speck sits a little below the row and joins it; chained to it, the next cell (a
    // little higher on a skewed page) would start a line of its own.
    const row = [
      word('Loss', 0.1, 0.3),
      word('of', 0.16, 0.3),
      word('Use', 0.19, 0.3),
      word(';', 0.3, 0.307, 0.3),
      word('500.00', 0.32, 0.2975),
      word('USD', 0.41, 0.2975),
    ];
    expect(groupLines(page(row)).map((l) => l.text)).toEqual(['Loss of Use 500.00 USD']);
  });

  it('leaves a PDF text layer as printed', () => {
    const words = [word('Total', 0.1, 0.3), word(';', 0.2, 0.3, 1)];
    expect(groupLines(page(words, 'pdf-text')).map((l) => l.text)).toEqual(['Total ;']);
  });
});

describe('specks read as letters and marks glued to words', () => {
  it('drops a lone letter read unsure and far smaller than the words, not one of print size', () => {
    const words = [
      word('LOSS', 0.1, 0.2),
      word('REFERENCE', 0.16, 0.2),
      { ...word('i', 0.3, 0.205, 0.35), box: { x0: 0.3, y0: 0.205, x1: 0.304, y1: 0.209 } },
      word('EST.', 0.5, 0.2),
      word('DAMAGE', 0.56, 0.2),
      word('POLICY', 0.1, 0.3),
      word('a', 0.7, 0.2, 0.3),
      word('9', 0.8, 0.2, 0.3),
    ];
    expect(withoutSpecks(words, 1).map((w) => w.text)).toEqual([
      'LOSS',
      'REFERENCE',
      'EST.',
      'DAMAGE',
      'POLICY',
      'a',
      '9',
    ]);
  });

  it('cuts a ruling or an unsure open quote off the front of a word, its box with it', () => {
    const ruled = withoutGluedMarks(word('|LOSS', 0.1, 0.2, 0.9));
    expect(ruled.text).toBe('LOSS');
    expect(ruled.box.x0).toBeCloseTo(0.1 + 0.06 / 5);
    expect(withoutGluedMarks(word('"EST.', 0.1, 0.2, 0.4)).text).toBe('EST.');
    expect(withoutGluedMarks(word('"EST.', 0.1, 0.2, 0.9)).text).toBe('"EST.');
    expect(withoutGluedMarks(word('"Acme"', 0.1, 0.2, 0.3)).text).toBe('"Acme"');
    // A quote before a caption in capitals read short of sure (`"CLIENT` at 0.55, draw 7028).
    expect(withoutGluedMarks(word('"CLIENT', 0.1, 0.2, 0.55)).text).toBe('CLIENT');
    expect(withoutGluedMarks(word('"CLIENT', 0.1, 0.2, 0.95)).text).toBe('"CLIENT');
    expect(withoutGluedMarks(word('"Client', 0.1, 0.2, 0.55)).text).toBe('"Client');
    expect(withoutGluedMarks(word('12', 0.1, 0.2, 0.3)).text).toBe('12');
  });

  it("cuts a box's edge read as an opening bracket, and keeps a bracket the word closes", () => {
    const edged = withoutGluedMarks(word('[Coverage', 0.1, 0.2, 0.73));
    expect(edged.text).toBe('Coverage');
    expect(edged.box.x0).toBeCloseTo(0.1 + 0.108 / 9);
    expect(withoutGluedMarks(word('{Insured', 0.1, 0.2, 0.9)).text).toBe('Insured');
    expect(withoutGluedMarks(word('[X]', 0.1, 0.2, 0.9)).text).toBe('[X]');
    expect(withoutGluedMarks(word('[Yes]', 0.1, 0.2, 0.9)).text).toBe('[Yes]');
  });

  it('cuts an unsure quote off the front of an amount, as off a word', () => {
    expect(withoutGluedMarks(word("'$15669.", 0.1, 0.2, 0)).text).toBe('$15669.');
    expect(withoutGluedMarks(word('|$250.00', 0.1, 0.2, 0.9)).text).toBe('$250.00');
    expect(withoutGluedMarks(word("'$250.00", 0.1, 0.2, 0.9)).text).toBe("'$250.00");
  });
});

describe('a dotted leader read as letters on a harsh scan', () => {
  /** A word with its own box (page fractions of a 1000 x 1000 page). */
  function boxed(text: string, confidence: number, x0: number, y0: number, x1: number, y1: number) {
    return { ...word(text, x0, y0, confidence), box: { x0, y0, x1, y1 } };
  }
  const print = [
    word('Claim', 0.1, 0.3),
    word('ID', 0.17, 0.3),
    word('Policy', 0.1, 0.4),
    word('Number', 0.18, 0.4),
    word('24-55244-YF', 0.4, 0.3),
    word('Date', 0.1, 0.5),
  ];

  it("reads an unsure word boxed flat over a leader's length as that leader, standing as tall as the line", () => {
    const spread = boxed('labs', 0.1, 0.2, 0.311, 0.27, 0.316); // 0.33 tall, glyphs 3.5x as wide
    const read = withoutSpecks([...print, spread], 1);
    expect(read.map((w) => w.text)).toEqual([...print.map((w) => w.text), '....']);
    expect(read[6].box).toEqual({ x0: 0.2, y0: expect.closeTo(0.301), x1: 0.27, y1: 0.316 });
    expect(groupLines(page([...print, spread])).map((l) => l.text)).toContain(
      'Claim ID .... 24-55244-YF',
    );
  });

  it('drops flat junk that starts far from any word: a ruling under a blank, not a leader', () => {
    const ruling = boxed('oo', 0, 0.5, 0.411, 0.57, 0.413); // no word ends within 3 heights before it
    expect(withoutSpecks([...print, ruling], 1).map((w) => w.text)).toEqual(
      print.map((w) => w.text),
    );
  });

  it('drops a flat unsure word shorter than a leader: a speck', () => {
    const flat = boxed('aa', 0.09, 0.28, 0.313, 0.3, 0.3145); // 0.1 of the usual height
    const spread = boxed('ie', 0.1, 0.3, 0.313, 0.32, 0.316);
    expect(withoutSpecks([...print, flat, spread], 1).map((w) => w.text)).toEqual(
      print.map((w) => w.text),
    );
  });

  it('keeps small lower case, flat words read sure and print of full height read unsure', () => {
    const lower = boxed('one', 0.3, 0.2, 0.307, 0.225, 0.315); // x-height, letters as wide as tall
    const sure = boxed('labs', 0.9, 0.2, 0.311, 0.27, 0.316);
    const tall = boxed('aa', 0.1, 0.28, 0.3, 0.32, 0.315);
    expect(withoutSpecks([...print, lower, sure, tall], 1).map((w) => w.text)).toEqual([
      ...print.map((w) => w.text),
      'one',
      'labs',
      'aa',
    ]);
  });

  it('keeps a leader read on into junk letters as the leader alone, and a caption ending in one', () => {
    const junk = boxed('.......oocerioivn', 0, 0.2, 0.412, 0.38, 0.416);
    const caption = boxed('EFFECTIVE...', 0, 0.1, 0.5, 0.2, 0.515);
    expect(withoutSpecks([...print, junk, caption], 1).map((w) => w.text)).toEqual([
      ...print.map((w) => w.text),
      '.................',
      'EFFECTIVE...',
    ]);
  });

  it('lets the next cell of a row chain to its row, not to a flat speck below it', () => {
    const row = [
      word('Front', 0.1, 0.3),
      word('cover', 0.17, 0.3),
      word('1', 0.5, 0.3),
      boxed('Si', 0.3, 0.52, 0.3155, 0.53, 0.3165),
      word('539.67', 0.6, 0.302),
    ];
    expect(groupLines(page([...print.slice(2, 4), ...row])).map((l) => l.text)).toContain(
      'Front cover 1 539.67',
    );
  });
});

describe('a smudge read as letters across several rows', () => {
  const smudge = (confidence: number) => ({
    ...word('De', 0.5, 0.295, confidence),
    // Three rows tall, each of its two glyphs a ninth as wide as that.
    box: { x0: 0.5, y0: 0.295, x1: 0.511, y1: 0.345 },
  });
  const rows = [
    word('Windshield', 0.1, 0.3),
    word('627.70', 0.6, 0.3),
    word('Body', 0.1, 0.32),
    word('labor', 0.16, 0.32),
    word('7', 0.45, 0.32),
    word('62.00', 0.6, 0.32),
    word('Frame', 0.1, 0.34),
    word('labor', 0.17, 0.34),
    word('52.00', 0.6, 0.34),
  ];

  it('is dropped, so each row keeps its own amounts', () => {
    expect(groupLines(page([...rows, smudge(0.33)])).map((l) => l.text)).toEqual([
      'Windshield 627.70',
      'Body labor 7 62.00',
      'Frame labor 52.00',
    ]);
  });

  it('is kept when read sure, as print that tall would be', () => {
    expect(withoutSpecks([...rows, smudge(0.9)], 1)).toHaveLength(rows.length + 1);
  });
});

describe('withColonsRestored', () => {
  it("reads a caption's semicolon before an answer as its colon, and leaves prose as read", () => {
    const caption = [word('Policy', 0.1, 0.2), word('ID;', 0.2, 0.2), word('PA-2021-1', 0.3, 0.2)];
    expect(withColonsRestored(caption).map((w) => w.text)).toEqual(['Policy', 'ID:', 'PA-2021-1']);
    const prose = [word('broken;', 0.1, 0.2), word('then', 0.2, 0.2)];
    expect(withColonsRestored(prose).map((w) => w.text)).toEqual(['broken;', 'then']);
  });

  it("keeps a street suffix's comma, and reads a colon or semicolon after one as the comma", () => {
    // A scan of draw 7029: "4632 Park PI, Boise" (the comma at 0.73 after capitals).
    const address = (suffix: string, confidence = 0.73) =>
      withColonsRestored([
        word('LOSS:', 0.05, 0.2),
        word('4632', 0.1, 0.2),
        word('Park', 0.15, 0.2),
        word(suffix, 0.2, 0.2, confidence),
        word('Boise,', 0.25, 0.2),
      ]).map((w) => w.text);
    expect(address('PI,')).toEqual(['LOSS:', '4632', 'Park', 'PI,', 'Boise,']);
    expect(address('ST:')).toEqual(['LOSS:', '4632', 'Park', 'ST,', 'Boise,']);
    // No house number before it: a caption in capitals, its comma the colon.
    const caption = withColonsRestored([
      word('PLACE', 0.1, 0.2),
      word('PI,', 0.2, 0.2, 0.73),
      word('Boise', 0.25, 0.2),
    ]).map((w) => w.text);
    expect(caption).toEqual(['PLACE', 'PI:', 'Boise']);
  });

  it('reads the semicolon of a caption whose capital OCR read small, before a figure', () => {
    // A harsh scan of draw 7029: "inception; 2024-03-06".
    const line = (first: string, answer: string) =>
      withColonsRestored([word(first, 0.1, 0.2), word(answer, 0.3, 0.2)]).map((w) => w.text);
    expect(line('inception;', '2024-03-06')).toEqual(['inception:', '2024-03-06']);
    expect(line('inception;', 'Policy')).toEqual(['inception;', 'Policy']);
    expect(line('broken;', '2024-03-06')).toEqual(['broken;', '2024-03-06']);
  });

  it('reads an unsure comma after a caption in capitals before an answer as its colon', () => {
    // A harsh scan of draw 7024: "COVERAGE BEGINS, August 28, 2023", the comma at 0.60.
    const line = (comma: number, answer: string) =>
      withColonsRestored([
        word('COVERAGE', 0.1, 0.2),
        word('BEGINS,', 0.2, 0.2, comma),
        word(answer, 0.3, 0.2),
      ]).map((w) => w.text);
    expect(line(0.6, 'August')).toEqual(['COVERAGE', 'BEGINS:', 'August']);
    expect(line(0.95, 'August')).toEqual(['COVERAGE', 'BEGINS,', 'August']);
    expect(line(0.6, 'JOHN')).toEqual(['COVERAGE', 'BEGINS,', 'JOHN']);
  });
});

describe('withLeadersJoined', () => {
  it("reads a few letters glued to a leader's end, far from the answer, as the leader's", () => {
    // A harsh scan of draw 7032: "Writing Company .......... Fe   Granite Mutual", "Fe" at 0.31.
    const line = (fe: number, granite: number) =>
      withLeadersJoined([
        word('Company', 0.1, 0.2),
        { ...word('..........', 0.2, 0.2), box: { x0: 0.2, y0: 0.2, x1: 0.258, y1: 0.215 } },
        { ...word('Fe', fe, 0.2, 0.31), box: { x0: fe, y0: 0.2, x1: fe + 0.021, y1: 0.215 } },
        word('Granite', granite, 0.2, 0.96),
      ]).map((w) => w.text);
    expect(line(0.26, 0.413)).toEqual(['Company', '..........', '...', 'Granite']);
    // A word space from the next word, it opens the answer; apart from the leader, likewise.
    expect(line(0.26, 0.286)).toEqual(['Company', '..........', 'Fe', 'Granite']);
    expect(line(0.3, 0.413)).toEqual(['Company', '..........', 'Fe', 'Granite']);
  });

  it("reads unsure junk in small letters at a leader's end, before an answer, as the leader's", () => {
    // A harsh scan of draw 7025: "Broker ......... ere Nathan Hughes", "ere" at 0.15.
    const line = (answer: number) =>
      withLeadersJoined([
        word('Broker', 0.1, 0.2),
        word('.........', 0.16, 0.2),
        word('ere', 0.3, 0.2, 0.15),
        word('Nathan', 0.4, 0.2, answer),
      ]).map((w) => w.text);
    expect(line(0.63)).toEqual(['Broker', '.........', '...', 'Nathan']);
    expect(line(0.3)).toEqual(['Broker', '.........', 'ere', 'Nathan']);
    // Junk OCR ended with a comma or a stop is the leader's too.
    expect(
      withLeadersJoined([
        word('Agent', 0.1, 0.2),
        word('.......', 0.16, 0.2),
        word('oivnii,', 0.3, 0.2, 0.05),
        word('Sofia', 0.4, 0.2, 0.9),
      ]).map((w) => w.text),
    ).toEqual(['Agent', '.......', '.......', 'Sofia']);
  });

  it("reads capitals at next to no confidence at a leader's end as the leader's, not surer ones", () => {
    // A harsh scan of draw 7027: "POLICY ID ...... HER RE HO-19-9652903", 0.27 and 0.14.
    const line = (confidence: number) =>
      withLeadersJoined([
        word('POLICY', 0.1, 0.2),
        word('......', 0.18, 0.2),
        word('HER', 0.3, 0.2, confidence),
        word('RE', 0.36, 0.2, 0.14),
        word('HO-19-9652903', 0.4, 0.2, 0.88),
      ]).map((w) => w.text);
    expect(line(0.27)).toEqual(['POLICY', '......', '...', '...', 'HO-19-9652903']);
    // An answer's first word in capitals, read unsure but not blind, stays.
    expect(line(0.45)).toEqual(['POLICY', '......', 'HER', '...', 'HO-19-9652903']);
  });

  it('reads unsure junk between two leader words as part of the leader', () => {
    const line = [
      word('Bill', 0.1, 0.2),
      word('Number', 0.16, 0.2),
      word('.........', 0.25, 0.2, 0),
      word('ER', 0.36, 0.2, 0.08),
      word('ii', 0.39, 0.2, 0.2),
      word('...', 0.42, 0.2, 0.09),
      word('INV/10038', 0.47, 0.2),
    ];
    expect(withLeadersJoined(line).map((w) => w.text)).toEqual([
      'Bill',
      'Number',
      '.........',
      '...',
      '...',
      '...',
      'INV/10038',
    ]);
  });

  it('keeps an unsure answer after a leader, and figures and sure words between leaders', () => {
    const answer = [word('Name', 0.1, 0.2), word('......', 0.16, 0.2), word('Jhn', 0.25, 0.2, 0.2)];
    expect(withLeadersJoined(answer).map((w) => w.text)).toEqual(['Name', '......', 'Jhn']);
    const between = [
      word('......', 0.1, 0.2),
      word('12', 0.2, 0.2, 0.2),
      word('...', 0.25, 0.2),
      word('Page', 0.3, 0.2, 0.9),
      word('...', 0.36, 0.2),
    ];
    expect(withLeadersJoined(between).map((w) => w.text)).toEqual([
      '......',
      '12',
      '...',
      'Page',
      '...',
    ]);
  });
});

describe('withIdCaptionRead', () => {
  const read = (words: PositionedWord[]) => withIdCaptionRead(words, 1).map((w) => w.text);

  it("reads a caption's ID back where OCR took its I for a 1 or an l", () => {
    // Harsh scans of draws 7026 and 7027 read "Claim ID" as "Claim 1D", sure of it.
    expect(read([word('Claim', 0.1, 0.2), word('1D', 0.165, 0.2), word('Loss', 0.4, 0.2)])).toEqual(
      ['Claim', 'ID', 'Loss'],
    );
    expect(read([word('Policy', 0.1, 0.2), word('lD:', 0.175, 0.2)])).toEqual(['Policy', 'ID:']);
  });

  it('leaves a 1D that goes on with its phrase or stands apart from any word', () => {
    // An apartment in an address goes on with its street.
    expect(read([word('Apt', 0.1, 0.2), word('1D', 0.14, 0.2), word('Main', 0.17, 0.2)])).toEqual([
      'Apt',
      '1D',
      'Main',
    ]);
    expect(read([word('Unit', 0.1, 0.2), word('1D', 0.3, 0.2)])).toEqual(['Unit', '1D']);
    expect(read([word('12', 0.1, 0.2), word('1D', 0.13, 0.2)])).toEqual(['12', '1D']);
  });
});
