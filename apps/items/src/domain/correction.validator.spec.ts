import type { ReviewRulesInput } from '@docket/contracts';
import { DocketException } from '@docket/platform';

import { correctValue, definitionOf, flagsAfterCorrection } from './correction.validator';

const RULES: ReviewRulesInput = {
  fields: [
    { key: 'amount', type: 'money', defaultCurrency: 'EUR' },
    { key: 'loss', type: 'date', dateOrder: 'DMY' },
    { key: 'reported', type: 'date' },
    { key: 'code', type: 'string', validation: [{ kind: 'pattern', pattern: '^[A-Z]{2}$' }] },
    { key: 'owner', type: 'object', fields: [{ key: 'age', type: 'number' }] },
  ],
  crossFieldRules: [{ kind: 'date-order', earlier: 'loss', later: 'reported' }],
};

function refusal(run: () => unknown): DocketException {
  try {
    run();
  } catch (error) {
    if (error instanceof DocketException) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('correctValue', () => {
  it('reads money in the field’s default currency and refuses partial reads', () => {
    const money = definitionOf(RULES, 'amount');
    expect(correctValue('amount', 'money', money, '1.200,00')).toEqual({
      amount: 1200,
      currency: 'EUR',
    });
    expect(correctValue('amount', 'money', money, 7)).toEqual({ amount: 7, currency: 'EUR' });
    const refused = refusal(() => correctValue('amount', 'money', money, '7 apples'));
    expect(refused.code).toBe('VALIDATION_FAILED');
    expect(refused.message).toMatch(/^amount: "7 apples" is not an amount of money/);
    expect(refused.details).toEqual({ field: 'amount' });
  });

  it('reads dates in the field’s order and refuses impossible ones', () => {
    const loss = definitionOf(RULES, 'loss');
    expect(correctValue('loss', 'date', loss, '03/04/2025')).toBe('2025-04-03');
    expect(refusal(() => correctValue('loss', 'date', loss, '31/02/2025')).message).toMatch(
      /not a date/,
    );
  });

  it('treats empty text as no value and checks object properties by their type', () => {
    expect(correctValue('code', 'string', definitionOf(RULES, 'code'), '  ')).toBeNull();
    const owner = definitionOf(RULES, 'owner');
    expect(correctValue('owner', 'object', owner, { age: '42' })).toEqual({ age: 42 });
    const refused = refusal(() => correctValue('owner', 'object', owner, { age: 'old' }));
    expect(refused.message).toMatch(/^owner age: "old" is not a number/);
    expect(refused.details).toEqual({ field: 'owner', column: 'age' });
  });

  it('checks by the stored type when the run gave no rules', () => {
    expect(correctValue('n', 'number', undefined, '12.5')).toBe(12.5);
    expect(refusal(() => correctValue('n', 'number', undefined, { x: 1 })).message).toMatch(
      /not a number/,
    );
  });
});

describe('flagsAfterCorrection', () => {
  const others = [
    { key: 'loss', type: 'date', value: '2025-03-01', documentId: null },
    { key: 'reported', type: 'date', value: '2025-03-05', documentId: null },
  ];

  it('flags what the field’s own rules and the cross-field rules still find', () => {
    const code = { key: 'code', type: 'string', value: 'abc', documentId: null };
    expect(flagsAfterCorrection(RULES, code, others)).toEqual({
      flagged: true,
      flagReasons: ['value abc does not match ^[A-Z]{2}$'],
    });
    const late = { key: 'loss', type: 'date', value: '2025-04-01', documentId: null };
    expect(flagsAfterCorrection(RULES, late, others).flagReasons).toEqual([
      'loss (2025-04-01) must not be after reported (2025-03-05)',
    ]);
    expect(flagsAfterCorrection(RULES, { ...code, value: 'AB' }, others)).toEqual({
      flagged: false,
      flagReasons: [],
    });
  });

  it('finds nothing wrong without rules', () => {
    const code = { key: 'code', type: 'string', value: null, documentId: null };
    expect(flagsAfterCorrection(null, code, [])).toEqual({ flagged: false, flagReasons: [] });
  });
});
