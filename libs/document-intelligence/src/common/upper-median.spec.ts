import { upperMedian } from './upper-median';

describe('upperMedian', () => {
  it('takes the middle value, the upper one of an even count, and 0 of none', () => {
    expect(upperMedian([3, 1, 2])).toBe(2);
    expect(upperMedian([4, 1, 3, 2])).toBe(3);
    expect(upperMedian([])).toBe(0);
    expect(upperMedian([0.5])).toBe(0.5);
  });
});
