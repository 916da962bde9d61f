import { centsJoined, centsLostAfter } from './table-cell-cents';

describe('centsJoined', () => {
  it('joins cents OCR read apart from their figure, with or without the point', () => {
    expect(centsJoined('540 .44')).toBe('540.44');
    expect(centsJoined('5,559. 93')).toBe('5,559.93');
    expect(centsJoined('5,559 93')).toBe('5,559.93');
    expect(centsJoined('$1,200 00')).toBe('$1,200.00');
  });

  it('joins cents after a point read as a comma, or lost after a currency sign (draw 7023)', () => {
    expect(centsJoined('$9238, 40')).toBe('$9238.40');
    expect(centsJoined('9238 ,40')).toBe('9238.40');
    expect(centsJoined('$2851 61')).toBe('$2851.61');
    expect(centsJoined('1,234, 56')).toBeNull();
    expect(centsJoined('2851 61')).toBeNull();
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

describe('centsLostAfter', () => {
  it('sees the point closing a figure with no cents after it, or a speck for them (draw 7024)', () => {
    expect(centsLostAfter('.')).toBe(true);
    expect(centsLostAfter('. oe')).toBe(true);
    expect(centsLostAfter(',')).toBe(true);
  });

  it('sees nothing after a whole figure or cents still to join', () => {
    expect(centsLostAfter('')).toBe(false);
    expect(centsLostAfter(' USD')).toBe(false);
    expect(centsLostAfter('. 93')).toBe(false);
  });
});
