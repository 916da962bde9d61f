import type { ExtractedField } from '../schema/extraction-result.types';
import type { ScalarFieldDefinition } from '../schema/field-schema.types';
import { orderPeriodEnds } from './period-ends';

const effective: ScalarFieldDefinition = {
  key: 'effective_date',
  type: 'date',
  label: 'Effective Date',
};
const expiration: ScalarFieldDefinition = {
  key: 'expiration_date',
  type: 'date',
  label: 'Expiration Date',
};

function read(key: string, value: string, confidence = 0.8): ExtractedField {
  return { key, type: 'date', value, confidence, source: 'label-right', notes: [] };
}

function ordered(
  fields: readonly ScalarFieldDefinition[],
  start: string,
  end: string,
): Map<string, ExtractedField> {
  const results = new Map([
    [fields[0].key, read(fields[0].key, start, 0.9)],
    [fields[1].key, read(fields[1].key, end, 0.7)],
  ]);
  orderPeriodEnds(fields, results);
  return results;
}

describe('the two ends of one period', () => {
  it('are swapped when the start was read later than the end', () => {
    const results = ordered([effective, expiration], '2026-03-01', '2025-03-01');
    expect(results.get('effective_date')).toMatchObject({
      value: '2025-03-01',
      confidence: 0.7,
      notes: ['read as the two ends of one period: the earlier date is its start'],
    });
    expect(results.get('expiration_date')?.value).toBe('2026-03-01');
  });

  it('are left alone in order, or when the fields name no period', () => {
    expect(
      ordered([effective, expiration], '2025-03-01', '2026-03-01').get('effective_date')?.value,
    ).toBe('2025-03-01');
    const loss: ScalarFieldDefinition = {
      key: 'date_of_loss',
      type: 'date',
      label: 'Date of Loss',
    };
    const reported: ScalarFieldDefinition = {
      key: 'date_reported',
      type: 'date',
      label: 'Date Reported',
    };
    expect(ordered([loss, reported], '2026-03-01', '2025-03-01').get('date_of_loss')?.value).toBe(
      '2026-03-01',
    );
  });

  it('are read from "from" and "to" captions by the fields’ keys alone', () => {
    const from: ScalarFieldDefinition = { key: 'period_from', type: 'date' };
    const to: ScalarFieldDefinition = { key: 'period_to', type: 'date' };
    expect(ordered([from, to], '2026-01-31', '2026-01-01').get('period_from')?.value).toBe(
      '2026-01-01',
    );
  });
});
