import type { KeyValuePair } from '../layout/layout.types';
import { layoutText } from '../layout/layout-text';
import type { ScalarFieldDefinition } from '../schema/field-schema.types';
import type { PositionedWord } from '../text-layer/line-grouper';
import { parseMoney } from '../values/money-normaliser';
import { CODE, exactly, fitsKind, VALUE_KINDS, wholeTokens, wholly } from './value-kinds';

function ocrWord(text: string, x0: number, confidence: number): PositionedWord {
  return {
    text,
    box: { x0, y0: 0.1, x1: x0 + 0.012 * text.length, y1: 0.115 },
    confidence,
    index: 0,
    pageNumber: 1,
  };
}

/** A caption of OCR words at the given confidences, and its answer read well. */
function ocrPair(caption: ReadonlyArray<[string, number]>, answer: string): KeyValuePair {
  const key = caption.map(([text, confidence], k) => ocrWord(text, 0.1 + 0.08 * k, confidence));
  return {
    key: layoutText(key),
    value: layoutText([ocrWord(answer, 0.4, 0.9)]),
    arrangement: 'colon',
    confidence: 0.88,
  };
}

describe('value kinds: what an answer’s own text says', () => {
  it('reads a value only from whole tokens', () => {
    expect(wholeTokens('24-90349-OD', parseMoney('24-90349-OD')!)).toBe(false);
    expect(wholeTokens('GFT2008342', parseMoney('GFT2008342')!)).toBe(false);
    expect(wholeTokens('USD 1,200.00', parseMoney('USD 1,200.00')!)).toBe(true);
  });

  it('tells a whole parse from a nearly whole one', () => {
    expect(exactly('P203259', parseMoney('P203259'))).toBe(false);
    expect(wholly('P203259', parseMoney('P203259'))).toBe(true);
    expect(exactly('$203,259.00', parseMoney('$203,259.00'))).toBe(true);
  });

  it('knows a code by its digits joined with dashes or slashes', () => {
    expect(['23-26664-QB', 'HO/69/3961586'].map((t) => CODE.test(t))).toEqual([true, true]);
    expect(
      ['1146 River Rd', 'Wind', '85701', 'Unit 4-B', '555-201-3344'].map((t) => CODE.test(t)),
    ).toEqual([false, false, false, false, false]);
  });

  it('never takes an amount printed as one for an identifier, digits alone still', () => {
    const policy: ScalarFieldDefinition = { key: 'policy', type: 'string', label: 'Policy Number' };
    expect(['$2,961.87', '2,324.22 USD', '1,564.68'].map((t) => fitsKind(policy, t))).toEqual([
      false,
      false,
      false,
    ]);
    expect(['2366340', 'MD178-16331', 'PA/2024/829810'].map((t) => fitsKind(policy, t))).toEqual([
      true,
      true,
      true,
    ]);
  });

  it('reads a phone number only from text with a digit, and never from a date', () => {
    const phone: ScalarFieldDefinition = { key: 'phone', type: 'string', label: 'Insured Phone' };
    expect(['N', 'Date of Notice', 'Oct 12, 2023'].map((t) => fitsKind(phone, t))).toEqual([
      false,
      false,
      false,
    ]);
    expect(['(650) 568-4340', '20'].map((t) => fitsKind(phone, t))).toEqual([true, true]);
  });

  it('takes a code under a caption OCR garbled beyond reading for an identifier', () => {
    // Harsh scans of draw 7032: "Policy" read `Polley` at 0.59 and `POY` at 0.46.
    const identifier = VALUE_KINDS.find((kind) => kind.name === 'identifier')!;
    const policy: ScalarFieldDefinition = { key: 'policy', type: 'string', label: 'Policy Number' };
    const answers = (caption: ReadonlyArray<[string, number]>, answer = 'HD-85-7046164') =>
      identifier.answers(policy, ocrPair(caption, answer)) !== null;
    expect(answers([['Polley', 0.59]])).toBe(true);
    expect(answers([['POY', 0.46]])).toBe(true);
    // A caption read sure, or holding a word of the dictionary, says what it asks: no number.
    expect(answers([['Polley', 0.95]])).toBe(false);
    expect(
      answers([
        ['Writing', 0.5],
        ['Company', 0.5],
      ]),
    ).toBe(false);
    // Under an unread caption only a code is taken: digits alone may be anything.
    expect(answers([['Polley', 0.59]], '7046164')).toBe(false);
  });
});
