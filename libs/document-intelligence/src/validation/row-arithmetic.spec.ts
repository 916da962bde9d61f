import type { ExtractedRow } from '../schema/extraction-result.types';
import type { TableFieldDefinition } from '../schema/field-schema.types';
import { cellsKeepingRowArithmetic, rowsBreakingArithmetic } from './row-arithmetic';

const claims: TableFieldDefinition = {
  key: 'claims',
  type: 'table',
  columns: [
    { key: 'claim', type: 'string' },
    { key: 'paid', type: 'money' },
    { key: 'reserve', type: 'money' },
    { key: 'incurred', type: 'money' },
  ],
};

function rowsOf(figures: ReadonlyArray<readonly [number, number, number]>): ExtractedRow[] {
  return figures.map(([paid, reserve, incurred], i) => ({
    confidence: 0.6,
    cells: {
      claim: { value: `C-${i}`, text: `C-${i}`, confidence: 0.6 },
      paid: { value: { amount: paid, currency: 'USD' }, text: String(paid), confidence: 0.6 },
      reserve: {
        value: { amount: reserve, currency: 'USD' },
        text: String(reserve),
        confidence: 0.6,
      },
      incurred: {
        value: { amount: incurred, currency: 'USD' },
        text: String(incurred),
        confidence: 0.6,
      },
    },
  }));
}

describe('cellsKeepingRowArithmetic', () => {
  it('vouches for the figures of rows that make one another, not for repeated ones', () => {
    const rows = rowsOf([
      [1200.5, 300.25, 1500.75],
      [800, 0, 800],
      [45.1, 954.9, 1000],
    ]);
    expect([...cellsKeepingRowArithmetic(claims, rows)].sort()).toEqual([
      '0:incurred',
      '0:paid',
      '0:reserve',
      '2:incurred',
      '2:paid',
      '2:reserve',
    ]);
  });

  it('vouches for nothing when a row breaks the identity or one row alone keeps it', () => {
    const misread = rowsOf([
      [1200.5, 300.25, 1500.75],
      [45.1, 954.9, 1000],
      [300, 500, 850],
    ]);
    expect(cellsKeepingRowArithmetic(claims, misread).size).toBe(0);
    const lone = rowsOf([
      [1200.5, 300.25, 1500.75],
      [800, 0, 800],
    ]);
    expect(cellsKeepingRowArithmetic(claims, lone).size).toBe(0);
  });
});

describe('rowsBreakingArithmetic', () => {
  it('doubts a row breaking the sum the other rows keep', () => {
    const rows = rowsOf([
      [1200.5, 300.25, 1500.75],
      [10000, 5753.07, 18753.07],
      [45.1, 954.9, 1000],
      [800, 0, 800],
    ]);
    expect(rowsBreakingArithmetic(claims, rows)).toEqual([
      'row 2: incurred is not paid + reserve, as 2 other rows keep it',
    ]);
  });

  it('says nothing of a table whose rows all keep it, or where too few keep it', () => {
    expect(
      rowsBreakingArithmetic(
        claims,
        rowsOf([
          [1200.5, 300.25, 1500.75],
          [45.1, 954.9, 1000],
        ]),
      ),
    ).toEqual([]);
    expect(
      rowsBreakingArithmetic(
        claims,
        rowsOf([
          [1200.5, 300.25, 1500.75],
          [10, 20, 40],
          [800, 0, 800],
        ]),
      ),
    ).toEqual([]);
  });
});
