import type { ScalarFieldDefinition } from '../schema/field-schema.types';
import type { PositionedWord } from '../text-layer/line-grouper';
import { parseBoolean } from './boolean-normaliser';
import { markedOption, parseScalarWords, withOptionsAfter } from './marked-option';

/** A word at x0 on the line at y0, about a hundredth of the page wide per letter. */
function word(text: string, x0: number, y0 = 0.13, index = 0): PositionedWord {
  return {
    text,
    box: { x0, y0, x1: x0 + text.length * 0.008, y1: y0 + 0.012 },
    confidence: 1,
    index,
    pageNumber: 1,
  };
}

const policeReport: ScalarFieldDefinition = {
  key: 'police_report',
  type: 'boolean',
  label: 'Police Report Filed',
};

describe('markedOption', () => {
  it('reads the option a lone mark stands just before ("Yes   X No")', () => {
    const words = [word('Yes', 0.7), word('X', 0.768), word('No', 0.786)];
    const parsed = markedOption(words);
    expect(parsed?.value).toBe(false);
    expect('Yes X No'.slice(parsed!.start, parsed!.end)).toBe('X No');
  });

  it('reads the option a lone mark stands just before when it is the first ("X Yes   No")', () => {
    const words = [word('X', 0.69), word('Yes', 0.707), word('No', 0.786)];
    expect(markedOption(words)?.value).toBe(true);
  });

  it('reads the option a mark stands just after ("Yes X    No")', () => {
    const words = [word('Yes', 0.7), word('X', 0.73), word('No', 0.8)];
    expect(markedOption(words)?.value).toBe(true);
  });

  it('reads a ticked box OCR read with a side of its box ("O Yes   Xl No")', () => {
    const words = [word('O', 0.693), word('Yes', 0.712), word('Xl', 0.771), word('No', 0.791)];
    expect(markedOption(words)?.value).toBe(false);
  });

  it('reads nothing when the mark stands midway between the options', () => {
    const words = [word('Yes', 0.7), word('X', 0.745), word('No', 0.775)];
    expect(markedOption(words)).toBeNull();
  });

  it('reads nothing without both options or with more than one mark', () => {
    expect(markedOption([word('X', 0.69), word('Yes', 0.707)])).toBeNull();
    expect(
      markedOption([word('X', 0.69), word('Yes', 0.707), word('X', 0.77), word('No', 0.786)]),
    ).toBeNull();
  });

  it('reads nothing from a mark on another line', () => {
    const words = [word('Yes', 0.7), word('X', 0.768, 0.2), word('No', 0.786)];
    expect(markedOption(words)).toBeNull();
  });
});

describe('parseScalarWords', () => {
  it('answers a yes/no by its marked option, and any other field from its text', () => {
    const choices = [word('Yes', 0.7), word('X', 0.768), word('No', 0.786)];
    expect(parseScalarWords(choices, policeReport)?.value).toBe(false);
    expect(
      parseScalarWords([word('12', 0.1), word('Oak', 0.13)], { key: 'a', type: 'string' })?.value,
    ).toBe('12 Oak');
  });
});

describe('withOptionsAfter', () => {
  it('adds the choices printed after a yes/no answer on its line, up to other text', () => {
    const line = [
      word('POLICE', 0.5),
      word('Yes', 0.7),
      word('X', 0.768),
      word('No', 0.786),
      word('Fire', 0.9),
    ];
    const taken = withOptionsAfter([line[1]], line, policeReport);
    expect(taken.map((w) => w.text)).toEqual(['Yes', 'X', 'No']);
  });

  it('adds them after an empty box OCR read as a letter ("O Yes", then "Xl No")', () => {
    const line = [word('O', 0.693), word('Yes', 0.712), word('Xl', 0.771), word('No', 0.791)];
    const taken = withOptionsAfter(line.slice(0, 2), line, policeReport);
    expect(taken.map((w) => w.text)).toEqual(['O', 'Yes', 'Xl', 'No']);
    expect(parseScalarWords(taken, policeReport)?.value).toBe(false);
  });

  it('leaves an answer that is not a choice, and any field that is no yes/no, as it is', () => {
    const line = [word('Pending', 0.7), word('X', 0.768), word('No', 0.786)];
    expect(withOptionsAfter([line[0]], line, policeReport)).toEqual([line[0]]);
    const yes = [word('Yes', 0.7), word('No', 0.786)];
    expect(withOptionsAfter([yes[0]], yes, { key: 'a', type: 'string' })).toEqual([yes[0]]);
  });
});

describe('parseBoolean with both options printed', () => {
  it('reads the first option but does not vouch for it when no box is ticked', () => {
    expect(parseBoolean('Yes No')).toMatchObject({ value: true, quality: 0.5 });
    expect(parseBoolean('Yes X No')).toMatchObject({ value: true, quality: 0.5 });
  });

  it('vouches for a lone option, with or without its mark', () => {
    expect(parseBoolean('No')).toMatchObject({ value: false, quality: 1 });
    expect(parseBoolean('No X')).toMatchObject({ value: false, quality: 1 });
    expect(parseBoolean('[ ] Yes [X] No')).toMatchObject({ value: false, quality: 0.95 });
  });
});
