import { lookalikesInDoubt } from './ocr-digit-repair';

describe('lookalikesInDoubt: identifiers OCR may have read with letters and digits swapped', () => {
  it('doubts a look-alike touching the other kind, or a short group of look-alikes only', () => {
    expect(lookalikesInDoubt('H0-62-6665775', 0.83)).toBe(true);
    expect(lookalikesInDoubt('24-90349-0D', 0.8)).toBe(true);
    expect(lookalikesInDoubt('22/34313/58', 0.9)).toBe(true);
  });

  it('trusts identifiers whose kinds meet at no look-alike, and any read sure', () => {
    expect(lookalikesInDoubt('PA-2021-210767', 0.8)).toBe(false);
    expect(lookalikesInDoubt('VIU4449651', 0.8)).toBe(false);
    expect(lookalikesInDoubt('384714', 0.5)).toBe(false);
    expect(lookalikesInDoubt('H0-62-6665775', 0.95)).toBe(false);
  });
});
