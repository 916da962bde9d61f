import { parseWholly, printedKind } from './column-kind';

describe('printedKind', () => {
  it('learns amounts from cells printed with or without a currency', () => {
    expect(printedKind(['USD 22,632.01', '0.00', '$8,046.08'])).toBe('money');
  });

  it('learns dates before amounts, so a date is not read as the year', () => {
    expect(printedKind(['12-Jan-2020', '2023-01-05'])).toBe('date');
  });

  it('learns nothing from identifiers or words, nor from a column with no text', () => {
    expect(printedKind(['24/86641/RU', 'CLM-2022-061258'])).toBeUndefined();
    expect(printedKind(['CL-1', 'CL-2'])).toBeUndefined();
    expect(printedKind(['Open', 'Closed'])).toBeUndefined();
    expect(printedKind(['', ' '])).toBeUndefined();
  });

  it('learns nothing when one cell is not of the kind the others are', () => {
    expect(printedKind(['1,200.00', 'Open'])).toBeUndefined();
  });
});

describe('parseWholly', () => {
  it('leaves no digit outside the parsed value', () => {
    expect(parseWholly('USD 18,429.78', 'money')?.value).toEqual({
      amount: 18429.78,
      currency: 'USD',
    });
    expect(parseWholly('24/86641/RU', 'money')).toBeNull();
  });
});
