import { centsJoined } from './table-cell-cents';

describe('centsJoined', () => {
  it('joins cents OCR read apart from their figure, with or without the point', () => {
    expect(centsJoined('540 .44')).toBe('540.44');
    expect(centsJoined('5,559. 93')).toBe('5,559.93');
    expect(centsJoined('5,559 93')).toBe('5,559.93');
    expect(centsJoined('$1,200 00')).toBe('$1,200.00');
  });

  it('leaves whole amounts, badly grouped figures and other text alone', () => {
    expect(centsJoined('5,559.93')).toBeNull();
    expect(centsJoined('4.296 .00')).toBeNull();
    expect(centsJoined('55,59 93')).toBeNull();
    expect(centsJoined('12 345')).toBeNull();
    expect(centsJoined('12 30')).toBeNull();
    expect(centsJoined('Unit 12 30')).toBeNull();
  });
});
