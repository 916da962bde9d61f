import { repairToPattern } from './pattern-guided.repairer';
import { parseScalar } from './scalar-value.parser';

describe('repairToPattern', () => {
  it('swaps look-alikes so the identifier fits its pattern, fewest swaps first', () => {
    expect(repairToPattern('0618587', [/^[A-Z]\d{6}$/])).toEqual({ text: 'O618587', swaps: 1 });
    expect(repairToPattern('PA-2O24-5I8812', [/^PA-\d{4}-\d{6}$/])).toEqual({
      text: 'PA-2024-518812',
      swaps: 2,
    });
  });

  it('gives up when no variant fits', () => {
    expect(repairToPattern('HELLO', [/^\d{5}$/])).toBeNull();
  });
});

describe('pattern-guided repair in string fields', () => {
  it('repairs a VIN with a letter O where only digits are allowed, at reduced quality', () => {
    const parsed = parseScalar('BYMFXSBDU9HUNOFGG', {
      key: 'vin',
      type: 'string',
      patterns: ['\\b[A-HJ-NPR-Z0-9]{17}\\b'],
    });
    expect(parsed?.value).toBe('BYMFXSBDU9HUN0FGG');
    expect(parsed?.quality).toBeLessThan(1);
  });
});
