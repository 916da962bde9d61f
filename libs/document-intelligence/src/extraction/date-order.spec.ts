import type { ExtractedField } from '../schema/extraction-result.types';
import type { ScalarFieldDefinition } from '../schema/field-schema.types';
import { orderDates } from './date-order';

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

const loss: ScalarFieldDefinition = { key: 'date_of_loss', type: 'date', label: 'Date of Loss' };
const reported: ScalarFieldDefinition = {
  key: 'date_reported',
  type: 'date',
  label: 'Date Reported',
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
  orderDates(fields, results);
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

  it('are left alone in order; an event and its report read surely out of order stay as printed', () => {
    expect(
      ordered([effective, expiration], '2025-03-01', '2026-03-01').get('effective_date')?.value,
    ).toBe('2025-03-01');
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

describe('an event and its report', () => {
  it('are swapped when read in doubt with the report before the event', () => {
    const results = new Map([
      ['date_of_loss', read('date_of_loss', '2024-03-06', 0.37)],
      ['date_reported', read('date_reported', '2024-02-28', 0.38)],
    ]);
    orderDates([loss, reported], results);
    expect(results.get('date_of_loss')).toMatchObject({
      value: '2024-02-28',
      confidence: 0.37,
      notes: ['read as an event and its report: the earlier date is the event'],
    });
    expect(results.get('date_reported')?.value).toBe('2024-03-06');
  });
});
