import { endsShortOfForm, valueForm } from './value-form';

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
