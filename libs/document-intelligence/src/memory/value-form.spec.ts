import { endsShortOfForm, ofAnotherKind, valueForm } from './value-form';

describe('valueForm', () => {
  it('keeps every digit and sign, and each run of letters as its case', () => {
    expect(valueForm('CLM-2024-817111')).toBe('A-9999-999999');
    expect(valueForm('Dawson  Logistics LLC')).toBe('Aa Aa A');
    expect(valueForm('October 12, 2024')).toBe('Aa 99, 9999');
  });
});

describe('endsShortOfForm', () => {
  it('doubts a phrase closing on a shorter number than the reviewed one', () => {
    const reviewed = valueForm('8233 Main St, Richmond, VA 23219');
    expect(endsShortOfForm(valueForm('12 Elm Rd, Tacoma, WA 9840'), reviewed)).toBe(true);
    expect(endsShortOfForm(valueForm('12 Elm Rd, Tacoma, WA'), reviewed)).toBe(true);
    expect(endsShortOfForm(valueForm('12 Elm Rd, Tacoma, WA 98402'), reviewed)).toBe(false);
  });

  it('lets identifiers vary in their digits', () => {
    expect(endsShortOfForm(valueForm('CLM-2024-8171'), valueForm('CLM-2024-817111'))).toBe(false);
    expect(endsShortOfForm(valueForm('PA 2023 304'), valueForm('CLM 2024'))).toBe(false);
  });
});

describe('ofAnotherKind', () => {
  it("doubts an identifier's place that printed an amount or a date", () => {
    const reviewed = valueForm('XLJ1464904');
    expect(ofAnotherKind(valueForm('$5,404.24'), reviewed)).toBe(true);
    expect(ofAnotherKind(valueForm('12/03/2024'), reviewed)).toBe(true);
    expect(ofAnotherKind(valueForm('MQC2133654'), reviewed)).toBe(false);
    expect(ofAnotherKind(valueForm('23-86340-YM'), valueForm('CLM-2022-176059'))).toBe(false);
  });

  it('lets a value of the reviewed kind through', () => {
    expect(ofAnotherKind(valueForm('$1,200.00'), valueForm('$98.10'))).toBe(false);
  });
});
