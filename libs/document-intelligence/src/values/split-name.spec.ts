import { nameSplitInside } from './split-name';

describe('nameSplitInside', () => {
  it('finds a word of a name OCR broke in two', () => {
    expect(nameSplitInside('Nathan McAll ister')).toBe(true);
    expect(nameSplitInside('Harbor line Casualty Company')).toBe(true);
  });

  it('leaves names whose lower-case words are joining words, and text in lower case', () => {
    expect(nameSplitInside('Ludwig van Beethoven')).toBe(false);
    expect(nameSplitInside('Bank of the West')).toBe(false);
    expect(nameSplitInside('Dawson and Sons Ltd.')).toBe(false);
    expect(nameSplitInside('Granite Mutual Insurance')).toBe(false);
    expect(nameSplitInside('water damage')).toBe(false);
  });
});
