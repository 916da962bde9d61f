import { digitShare, endsWithColon, isMark, startsLowerCase, titleCase } from './answer-look';

describe('how a text looks as an answer', () => {
  it('knows a tick mark from a word', () => {
    for (const mark of ['X', 'x', '✓', '☑', ' XX ', '/']) expect(isMark(mark)).toBe(true);
    for (const text of ['Xerox', 'x-ray', 'No', '']) expect(isMark(text)).toBe(false);
  });

  it('measures digits, capitals, colons and a sentence start', () => {
    expect(digitShare('81.0 g/100')).toBeCloseTo(6 / 9, 5);
    expect(digitShare('')).toBe(0);
    expect(titleCase('Imitation Cork')).toBe(true);
    expect(titleCase('Mr. G. Schumacher')).toBe(true);
    expect(titleCase('Varies by market')).toBe(false);
    expect(endsWithColon('BUDGET NO.:')).toBe(true);
    expect(endsWithColon('12:30 pm')).toBe(false);
    expect(startsLowerCase('spectroscopy')).toBe(true);
    expect(startsLowerCase('1920 Packs')).toBe(false);
  });
});
