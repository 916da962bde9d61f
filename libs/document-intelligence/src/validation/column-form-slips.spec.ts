import type { ExtractedRow } from '../schema/extraction-result.types';
import type { TableColumnDefinition } from '../schema/field-schema.types';
import { columnFormSlips } from './column-form-slips';

const columns: TableColumnDefinition[] = [
  { key: 'claim_number', type: 'string' },
  { key: 'paid', type: 'money' },
];

const rows = (...claims: Array<string | null>): ExtractedRow[] =>
  claims.map((claim) => ({
    confidence: 0.8,
    cells: {
      claim_number: { value: claim, text: claim ?? '', confidence: 0.8 },
      paid: { value: { amount: 10, currency: 'USD' }, text: '$10.00', confidence: 0.8 },
    },
  }));

describe("a table cell one OCR slip from its column's form", () => {
  it('says which cells a look-alike swap puts in the form the other cells print', () => {
    expect(
      columnFormSlips(
        columns,
        rows('2325964LO', '2325964L0', '2330417KM', '23372731C', '2339920TA'),
      ),
    ).toEqual([
      `row 2: claim_number "2325964L0" one OCR slip from the form the column's other cells print`,
      `row 4: claim_number "23372731C" one OCR slip from the form the column's other cells print`,
    ]);
  });

  it('leaves columns of varied forms, few rows and other kinds of value alone', () => {
    expect(columnFormSlips(columns, rows('CLM-2024-1', '24-55123-AB', '2330417KM', 'X1'))).toEqual(
      [],
    );
    expect(columnFormSlips(columns, rows('2325964LO', '2325964L0', null))).toEqual([]);
    expect(columnFormSlips(columns, rows('2325964LO', '2330417KM', '2339920TA'))).toEqual([]);
    expect(
      columnFormSlips(
        columns,
        rows('Hood panel', 'Door shell', 'Roof rack', 'Carpet pad replacement'),
      ),
    ).toEqual([]);
  });
});
