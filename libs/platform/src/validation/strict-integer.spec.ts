import { parseStrictInteger } from './strict-integer';

describe('parseStrictInteger', () => {
  it.each([
    ['1', 1],
    ['20', 20],
    ['0', 0],
    ['9007199254740991', 9007199254740991],
  ])('reads %p as %p', (input, expected) => {
    expect(parseStrictInteger(input)).toBe(expected);
  });

  it.each([
    '1e3',
    '0x10',
    ' 1',
    '1 ',
    '01',
    '-1',
    '+1',
    '1.0',
    '',
    '9007199254740993',
    '99999999999999999999',
  ])('leaves %p unparsed for the validator to refuse', (input) => {
    expect(parseStrictInteger(input)).toBe(input);
  });

  it('passes numbers through unchanged', () => {
    expect(parseStrictInteger(5)).toBe(5);
  });
});
