import { parseMoney, parseNumber, readsAsCurrencyCode } from './money-normaliser';

describe('parseMoney', () => {
  it.each([
    ['$1,234.56', 1234.56, 'USD'],
    ['USD 1,234.56', 1234.56, 'USD'],
    ['1.234,56 EUR', 1234.56, 'EUR'],
    ['€ 99', 99, 'EUR'],
    ['£12.5', 12.5, 'GBP'],
    ['($250.00)', -250, 'USD'],
    ['-$80.10', -80.1, 'USD'],
    ['1234', 1234, 'USD'],
  ])('reads %s', (text, amount, currency) => {
    expect(parseMoney(text)?.value).toEqual({ amount, currency });
  });

  it('prefers an amount with a currency or cents over a bare number', () => {
    expect(parseMoney('2 units at $45.00')?.value.amount).toBe(45);
  });

  it('skips percentages', () => {
    expect(parseMoney('Sales Tax 7.00%: 45.50')?.value.amount).toBe(45.5);
    expect(parseMoney('Tax (8.25 %) 12.00')?.value.amount).toBe(12);
  });

  it('uses the default currency for bare amounts', () => {
    expect(parseMoney('1,000.00', 'CAD')?.value).toEqual({ amount: 1000, currency: 'CAD' });
  });

  it('repairs a dollar sign read as S', () => {
    const parsed = parseMoney('S1,250.00');
    expect(parsed?.value).toEqual({ amount: 1250, currency: 'USD' });
    expect(parsed?.quality).toBeLessThan(1);
  });

  it('returns null without digits', () => {
    expect(parseMoney('N/A')).toBeNull();
  });

  it('spans exactly the amount', () => {
    const text = 'Total due: $1,200.00 now';
    const parsed = parseMoney(text)!;
    expect(text.slice(parsed.start, parsed.end)).toBe('$1,200.00');
  });
});

describe('parseNumber', () => {
  it('reads integers, thousands and decimals', () => {
    expect(parseNumber('Qty 3')?.value).toBe(3);
    expect(parseNumber('12,500')?.value).toBe(12500);
    expect(parseNumber('2.5 hours')?.value).toBe(2.5);
    expect(parseNumber('-4')?.value).toBe(-4);
    expect(parseNumber('none')).toBeNull();
  });

  it('reads a lone OCR "i" as 1 with reduced quality', () => {
    expect(parseNumber('i')).toMatchObject({ value: 1, quality: 0.7 });
    expect(parseMoney('i')).toBeNull();
  });
});

describe('readsAsCurrencyCode', () => {
  it('reads a known code as OCR may misread it: its first two letters, any case', () => {
    const read = ['USD', 'uso', 'usp', 'usD', 'EUB', 'gbp'];
    expect(read.filter(readsAsCurrencyCode)).toEqual(read);
  });

  it('refuses other words (and: not AUD), and longer or shorter ones', () => {
    expect(['per', 'and', 'USDX', 'US', 'U5D', 'Inc'].filter(readsAsCurrencyCode)).toEqual([]);
  });
});
