import { makePage, type PlacedText } from '../testing/text-page.fixture';
import { groupLines } from '../text-layer/line-grouper';
import { findLabelMatches, phraseHead } from './label-matcher';

function lines(runs: PlacedText[], source: 'pdf-text' | 'ocr' = 'pdf-text') {
  return groupLines(makePage(runs, 1, source));
}

function printedLabel(runs: PlacedText[], phrase: string, fuzzy = false): string[] {
  return findLabelMatches(lines(runs), [phrase], fuzzy)
    .sort((a, b) => b.score - a.score)
    .map((m) =>
      m.line.words
        .slice(m.startWord, m.endWord)
        .map((w) => w.text)
        .join(' '),
    );
}

describe('findLabelMatches: a plain label finds the caption a form prints', () => {
  it('matches whatever the word order and stop words', () => {
    const runs = [{ x: 50, y: 100, text: 'Name of Insured: Priya Raman' }];
    expect(printedLabel(runs, 'Insured name')).toEqual(['Name of Insured:']);
  });

  it('takes in the stop words a label ends with where the caption prints them', () => {
    // FUNSD 87528321: the answer opened with the caption's "By".
    const runs = [{ x: 50, y: 100, text: 'Received By D. Marsh' }];
    expect(printedLabel(runs, 'Received By')).toEqual(['Received By']);
    expect(printedLabel([{ x: 50, y: 100, text: 'Received D. Marsh' }], 'Received By')).toEqual([
      'Received',
    ]);
  });

  it('does not join the end of one caption and the start of the next across the gap between them', () => {
    const runs = [
      { x: 65, y: 136, text: 'Bill Number' },
      { x: 310, y: 136, text: 'Vehicle Identification' },
    ];
    expect(printedLabel(runs, 'Vehicle Identification Number')).toEqual([]);
  });

  it('matches abbreviations both ways', () => {
    const runs = [
      { x: 50, y: 100, text: 'POLICY NO.: HO-1234' },
      { x: 50, y: 120, text: 'DOL: 01/10/2026' },
      { x: 50, y: 140, text: 'Tel. (555) 201-7788' },
    ];
    expect(printedLabel(runs, 'Policy number')).toEqual(['POLICY NO.:']);
    expect(printedLabel(runs, 'Date of loss')).toEqual(['DOL:']);
    expect(printedLabel(runs, 'Phone')).toEqual(['Tel.']);
  });

  it('lets a head word match a longer caption, scored below a caption it explains fully', () => {
    const [contact] = findLabelMatches(
      lines([{ x: 50, y: 100, text: 'CONTACT PHONE: (555) 201-7788' }]),
      ['Phone'],
      false,
    );
    const [phone] = findLabelMatches(
      lines([{ x: 50, y: 100, text: 'Phone: (555) 201-7788' }]),
      ['Phone'],
      false,
    );
    expect(contact.score).toBeGreaterThanOrEqual(0.7);
    expect(contact.score).toBeLessThan(phone.score);
  });

  it('does not take a caption about something else that shares one word', () => {
    const runs = [{ x: 50, y: 100, text: 'Date of Birth: 04/02/1980' }];
    expect(printedLabel(runs, 'Date of loss')).toEqual([]);
  });

  it('tolerates OCR slips in the printed caption only on OCR text', () => {
    const runs = [{ x: 50, y: 100, text: 'Insured Narne: Jane Roe', confidence: 0.8 }];
    expect(printedLabel(runs, 'Insured name', true)).toEqual(['Insured Narne:']);
    expect(printedLabel(runs, 'Insured name', false)).toEqual([]);
  });

  it('takes a word OCR read sure of for what was printed, not for a slip of another word', () => {
    const sure = [{ x: 50, y: 100, text: 'Insurer: Granite Mutual', confidence: 0.95 }];
    const unsure = [{ x: 50, y: 100, text: 'Insurer: Granite Mutual', confidence: 0.7 }];
    expect(printedLabel(sure, 'Insured', true)).toEqual([]);
    expect(printedLabel(unsure, 'Insurer', true)).toEqual(['Insurer:']);
  });

  it('never takes one party for the other, however unsure ("Insurer" is no slip of "Insured")', () => {
    // A harsh scan read "INSURER" right at 0.87; taken for "Insured" it gave the carrier as the
    // insured's name, unflagged.
    const unsure = [{ x: 50, y: 100, text: 'INSURER Harborline Casualty', confidence: 0.87 }];
    expect(printedLabel(unsure, 'Insured', true)).toEqual([]);
    expect(
      printedLabel([{ x: 50, y: 100, text: 'Insurer: Granite', confidence: 0.7 }], 'Insured', true),
    ).toEqual([]);
  });
});

describe('findLabelMatches with heads: a caption printing only the head noun of the label', () => {
  function headLabels(runs: PlacedText[], phrase: string): Array<[string, number]> {
    return findLabelMatches(lines(runs), [phrase], false, { heads: true }).map((m) => [
      m.line.words
        .slice(m.startWord, m.endWord)
        .map((w) => w.text)
        .join(' '),
      m.score,
    ]);
  }

  it('finds the head noun of a phrase, before "of" or at its end, never a kind word', () => {
    expect(phraseHead('Named Insured')?.text).toBe('insured');
    expect(phraseHead('Insurance Company')?.text).toBe('company');
    expect(phraseHead('Line of Business')?.text).toBe('line');
    expect(phraseHead('Carrier')).toBeNull();
    expect(phraseHead('Policy Number')).toBeNull();
    expect(phraseHead('Date of Loss')).toBeNull();
    expect(phraseHead('Insured Name')).toBeNull();
  });

  it('matches a caption that is the head word alone in its segment or before a colon, as a weak match', () => {
    const alone = [
      { x: 50, y: 100, text: 'Company' },
      { x: 300, y: 100, text: 'Northgate Property & Casualty' },
    ];
    expect(headLabels(alone, 'Insurance Company')).toEqual([['Company', 0.65]]);
    const colon = [{ x: 50, y: 100, text: 'Insured: Hiroshi Vasquez' }];
    expect(headLabels(colon, 'Named Insured')).toEqual([['Insured:', 0.65]]);
  });

  it('leaves a head word inside a longer caption, in prose, or unasked for', () => {
    const longer = [{ x: 50, y: 100, text: 'Writing Company: Northgate Property & Casualty' }];
    expect(headLabels(longer, 'Insurance Company')).toEqual([]);
    const prose = [{ x: 50, y: 100, text: 'The company will pay the claim' }];
    expect(headLabels(prose, 'Insurance Company')).toEqual([]);
    // An agent noun is never its party's other side.
    const insurer = [{ x: 50, y: 100, text: 'Insurer: Granite Mutual' }];
    expect(headLabels(insurer, 'Named Insured')).toEqual([]);
    const plain = [{ x: 50, y: 100, text: 'Company: Northgate' }];
    expect(findLabelMatches(lines(plain), ['Insurance Company'], false)).toEqual([]);
  });
});
