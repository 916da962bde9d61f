import { withOcrPunctuationRead } from './ocr-punctuation';

describe('punctuation OCR misread inside a text value', () => {
  it('reads an initial’s stop read as a comma', () => {
    expect(withOcrPunctuationRead('J, S. Wigand')).toBe('J. S. Wigand');
    expect(withOcrPunctuationRead('Mary D, Davis')).toBe('Mary D. Davis');
    expect(withOcrPunctuationRead('E. P, Barbee')).toBe('E. P. Barbee');
    expect(withOcrPunctuationRead('L, W, McDowell')).toBe('L. W. McDowell');
  });

  it('reads the decimal point of grouped figures read as a comma', () => {
    expect(withOcrPunctuationRead('370,000,00')).toBe('370,000.00');
    expect(withOcrPunctuationRead('$1,250,99')).toBe('$1,250.99');
  });

  it('leaves lists, places and whole figures alone', () => {
    expect(withOcrPunctuationRead('Boston, MA, USA')).toBeNull();
    expect(withOcrPunctuationRead('Smith, John')).toBeNull();
    expect(withOcrPunctuationRead('SSC&B, Inc')).toBeNull();
    expect(withOcrPunctuationRead('370,000,000')).toBeNull();
    expect(withOcrPunctuationRead('3,43')).toBeNull();
  });
});
