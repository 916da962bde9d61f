import { MIN_SUBSTRING_TERM, substringFormsOf, substringTermsOf } from './search-terms';

describe('free-text substring forms', () => {
  it('reads amounts as the stored number', () => {
    expect(substringFormsOf('$1,240.00')).toEqual(['$1,240.00', '1240']);
    expect(substringFormsOf('640.50')).toEqual(['640.50', '640.5']);
    expect(substringFormsOf('1200')).toEqual(['1200']);
  });

  it('reads MM/DD/YYYY dates as the stored ISO date', () => {
    expect(substringFormsOf('4/2/2025')).toEqual(['4/2/2025', '2025-04-02']);
  });

  it('looks up partial identifiers as typed, from three characters on', () => {
    expect(substringFormsOf('PN-65')).toEqual(['PN-65']);
    expect(substringFormsOf('x'.repeat(MIN_SUBSTRING_TERM))).toHaveLength(1);
    expect(substringFormsOf('x'.repeat(MIN_SUBSTRING_TERM - 1))).toEqual([]);
    expect(substringFormsOf('$12')).toEqual(['$12']);
  });

  it('leaves words only, quoted, or-ed, excluding and too-short searches to full text', () => {
    expect(substringTermsOf('Zenora Marine')).toBeUndefined();
    expect(substringTermsOf('PN-65 640')).toEqual([['PN-65'], ['640']]);
    expect(substringTermsOf('"water damage" 640')).toBeUndefined();
    expect(substringTermsOf('640 or fire')).toBeUndefined();
    expect(substringTermsOf('640 -fire')).toBeUndefined();
    expect(substringTermsOf('PN-65 ab')).toBeUndefined();
  });
});
