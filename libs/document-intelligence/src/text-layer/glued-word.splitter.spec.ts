import { splitGluedWord } from './glued-word.splitter';

const word = (text: string) => ({
  text,
  box: { x0: 0.1, y0: 0.1, x1: 0.3, y1: 0.12 },
  confidence: 0.9,
});

describe('splitGluedWord', () => {
  it('separates a label glued to its value', () => {
    const [label, value] = splitGluedWord(word('Name:Marcus'));
    expect(label.text).toBe('Name:');
    expect(value.text).toBe('Marcus');
    expect(label.box.x1).toBeCloseTo(value.box.x0);
    expect(label.box.x0).toBe(0.1);
    expect(value.box.x1).toBe(0.3);
    expect(value.confidence).toBe(0.9);
  });

  it('separates a number sign caption tail from its value', () => {
    expect(splitGluedWord(word('#:TMU8101530')).map((w) => w.text)).toEqual(['#:', 'TMU8101530']);
  });

  it('leaves times, URLs and plain words alone', () => {
    for (const text of ['10:30', 'https://example.com', 'Name:', 'Loss', '12:05PM']) {
      expect(splitGluedWord(word(text)).map((w) => w.text)).toEqual([text]);
    }
  });

  it('splits a dot leader off the value it runs into, and off the caption before it', () => {
    expect(splitGluedWord(word('..........152')).map((w) => w.text)).toEqual(['..........', '152']);
    const parts = splitGluedWord(word('On.......April'));
    expect(parts.map((w) => w.text)).toEqual(['On', '.......', 'April']);
    expect(parts[0].box.x0).toBe(0.1);
    expect(parts[2].box.x1).toBeCloseTo(0.3);
    expect(parts[1].box.x0).toBeCloseTo(parts[0].box.x1);
  });

  it('splits a leader off a value opening with a bracket or a sign', () => {
    expect(splitGluedWord(word('..........(203)')).map((w) => w.text)).toEqual([
      '..........',
      '(203)',
    ]);
    expect(splitGluedWord(word('.....$1,200.00')).map((w) => w.text)).toEqual([
      '.....',
      '$1,200.00',
    ]);
  });

  it("leaves a leader at a caption word's end and an ellipsis alone", () => {
    for (const text of ['Name..........', 'etc...', '...', 'ETC...):']) {
      expect(splitGluedWord(word(text)).map((w) => w.text)).toEqual([text]);
    }
  });
});

describe('splitGluedWord, a date run into the reference before it', () => {
  it('splits off the longest date the word ends in', () => {
    const parts = splitGluedWord(word('CLM/2023/9738868/28/20'));
    expect(parts.map((w) => w.text)).toEqual(['CLM/2023/973886', '8/28/20']);
    expect(parts.map((w) => w.confidence)).toEqual([0.9, 0.9]);
  });

  it('doubts both parts when a shorter date also reads', () => {
    const parts = splitGluedWord(word('CLM/2024/87106412/9/20'));
    expect(parts.map((w) => w.text)).toEqual(['CLM/2024/871064', '12/9/20']);
    expect(parts.map((w) => w.confidence)).toEqual([0.5, 0.5]);
  });

  it('leaves dates, references and figures without a letter alone', () => {
    for (const text of ['12/9/2020', 'CLM/2024/871064', '2024/871064/12/9/20', 'HO/15/1698636'])
      expect(splitGluedWord(word(text)).map((w) => w.text)).toEqual([text]);
  });
});

describe('splitGluedWord, a VIN run into the caption before it', () => {
  it('splits the caption\'s "No" off a word in a VIN\'s shape', () => {
    expect(splitGluedWord(word('NoVDXTOWMFK8ZPB1LY2')).map((w) => w.text)).toEqual([
      'No',
      'VDXTOWMFK8ZPB1LY2',
    ]);
    expect(splitGluedWord(word('Nr1HGCM82633A004352')).map((w) => w.text)).toEqual([
      'Nr',
      '1HGCM82633A004352',
    ]);
  });

  it('leaves other prefixes, other lengths and a VIN alone', () => {
    expect(splitGluedWord(word('XY1HGCM82633A004352')).map((w) => w.text)).toEqual([
      'XY1HGCM82633A004352',
    ]);
    expect(splitGluedWord(word('No1HGCM82633A00435')).map((w) => w.text)).toEqual([
      'No1HGCM82633A00435',
    ]);
    expect(splitGluedWord(word('1HGCM82633A004352')).map((w) => w.text)).toEqual([
      '1HGCM82633A004352',
    ]);
  });
});

describe('splitGluedWord, a year run into the next column’s word', () => {
  it('splits the year off a word in title case, the cut where the wider capital begins', () => {
    // A loss run of draw 7032: a long date reached its status cell with no space between.
    const [year, status] = splitGluedWord(word('2023Open'));
    expect([year.text, status.text]).toEqual(['2023', 'Open']);
    // Four figures of 0.556 em and "Open" of 2.2 em share the 0.2-wide box by their widths.
    expect(year.box.x1).toBeCloseTo(0.1 + (0.2 * 2.224) / 4.424, 4);
    expect(status.box.x0).toBe(year.box.x1);
    expect(splitGluedWord(word('09/20/2019Reopened')).map((w) => w.text)).toEqual([
      '09/20/2019',
      'Reopened',
    ]);
  });

  it('splits figures off the caption OCR read glued after them, its colon with it', () => {
    // A scan of draw 7033: an address's ZIP code run into the next caption, `98402Peril:`.
    expect(splitGluedWord(word('98402Peril:')).map((w) => w.text)).toEqual(['98402', 'Peril:']);
    expect(splitGluedWord(word('98402Peril')).map((w) => w.text)).toEqual(['98402Peril']);
  });

  it('splits a caption in capitals off the title-case answer OCR ran into it', () => {
    // FUNSD 87125460: "INITIATION DATE  October 27, 1986" read with no gap after DATE.
    expect(splitGluedWord(word('DATEOctober')).map((w) => w.text)).toEqual(['DATE', 'October']);
    for (const text of ['McDONALD', 'October', 'DATE', 'PhD', 'IDs', 'USAa']) {
      expect(splitGluedWord(word(text)).map((w) => w.text)).toEqual([text]);
    }
  });

  it('leaves codes and words that only hold a year alone', () => {
    for (const text of ['CLM2023Open', '2023OPEN', '20230pen', '1999']) {
      expect(splitGluedWord(word(text)).map((w) => w.text)).toEqual([text]);
    }
  });
});
