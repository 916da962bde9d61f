import { makePage, type PlacedText } from '../testing/text-page.fixture';
import { groupLines } from '../text-layer/line-grouper';
import { findLabelMatches } from './label-matcher';

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
