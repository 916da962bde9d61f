import {
  isFieldValue,
  isScalarFieldValue,
  SCALAR_FIELD_VALUE_MAX_LENGTH,
} from './field-value.validator';

describe('field values', () => {
  it.each([
    ['a string', 'ACME'],
    ['a number', 12.5],
    ['a boolean', false],
    ['null', null],
    ['an object', { name: 'ACME', address: { city: 'Berlin' } }],
    [
      'a table of row objects',
      [
        { line: 1, amount: 10 },
        { line: 2, amount: 20 },
      ],
    ],
    ['an empty table', []],
  ])('accepts %s', (_, value) => {
    expect(isFieldValue(value)).toBe(true);
  });

  it.each([
    ['undefined', undefined],
    ['an array of scalars', [1, 2, 3]],
    ['a table with a scalar row', [{ a: 1 }, 2]],
    ['a non-finite number', Number.POSITIVE_INFINITY],
    ['deep nesting', { a: { b: { c: { d: { e: { f: { g: { h: 1 } } } } } } } }],
    ['more than 64 KiB', 'x'.repeat(70 * 1024)],
  ])('refuses %s', (_, value) => {
    expect(isFieldValue(value)).toBe(false);
  });
});

describe('scalar field values (positions taught through ai/feedback)', () => {
  it.each([
    ['a string at the length limit', 'x'.repeat(SCALAR_FIELD_VALUE_MAX_LENGTH)],
    ['a number', 12.5],
    ['a boolean', true],
  ])('accepts %s', (_, value) => {
    expect(isScalarFieldValue(value)).toBe(true);
  });

  it.each([
    ['a string one past the limit', 'x'.repeat(SCALAR_FIELD_VALUE_MAX_LENGTH + 1)],
    ['an empty string', ''],
    ['null', null],
    ['a non-finite number', Number.NaN],
    ['an object', { amount: 1 }],
    ['an array', ['a']],
  ])('refuses %s', (_, value) => {
    expect(isScalarFieldValue(value)).toBe(false);
  });
});
