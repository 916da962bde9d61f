import type { ExtractedRow } from '../schema/extraction-result.types';
import type { TableFieldDefinition } from '../schema/field-schema.types';
import {
  cellsKeepingRowArithmetic,
  repairedByRowArithmetic,
  rowsBreakingArithmetic,
} from './row-arithmetic';

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
  it('vouches for the figures of rows that make one another, of a repeated row only its 0', () => {
    const rows = rowsOf([
      [1200.5, 300.25, 1500.75],
      [800, 0, 800],
      [45.1, 954.9, 1000],
    ]);
    expect([...cellsKeepingRowArithmetic(claims, rows)].sort()).toEqual([
      '0:incurred',
      '0:paid',
      '0:reserve',
      '1:reserve',
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

describe('cellsKeepingRowArithmetic on invoice lines', () => {
  const lines: TableFieldDefinition = {
    key: 'line_items',
    type: 'table',
    columns: [
      { key: 'quantity', type: 'number' },
      { key: 'unit_price', type: 'money' },
      { key: 'amount', type: 'money' },
    ],
  };
  const row = (quantity: number, price: number, amount: number): ExtractedRow => ({
    confidence: 0.6,
    cells: {
      quantity: { value: quantity, text: String(quantity), confidence: 0.6 },
      unit_price: {
        value: { amount: price, currency: 'USD' },
        text: String(price),
        confidence: 0.6,
      },
      amount: { value: { amount, currency: 'USD' }, text: String(amount), confidence: 0.6 },
    },
  });

  it('vouches for a quantity of 1 where the line amount is the unit price, not for the price', () => {
    const vouched = cellsKeepingRowArithmetic(lines, [
      row(2, 25.5, 51),
      row(1, 781.51, 781.51),
      row(3.5, 62, 217),
    ]);
    expect(vouched.has('1:quantity')).toBe(true);
    expect(vouched.has('1:unit_price')).toBe(false);
    expect(vouched.has('1:amount')).toBe(false);
  });

  it('vouches for no quantity when the amount differs from the price', () => {
    const vouched = cellsKeepingRowArithmetic(lines, [
      row(2, 25.5, 51),
      row(1, 781.51, 718.51),
      row(3.5, 62, 217),
    ]);
    expect(vouched.size).toBe(0);
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

describe('repairedByRowArithmetic', () => {
  /** Rows whose cells print as given: a harsh scan's reading. */
  const printed = (rows: ReadonlyArray<readonly [string, string, string]>): ExtractedRow[] =>
    rowsOf(
      rows.map((r) => r.map((t) => Number(t.replace(/[^\d.]/g, ''))) as [number, number, number]),
    ).map((row, i) => ({
      ...row,
      cells: Object.fromEntries(
        Object.entries(row.cells).map(([key, cell]) => [
          key,
          key === 'claim'
            ? cell
            : { ...cell, text: rows[i][['paid', 'reserve', 'incurred'].indexOf(key)] },
        ]),
      ),
    }));

  // A harsh scan of draw 7025 read a reserve of 0.00 as `USD 9.00`, a paid 10,870.41 as 16,870.41.
  it('takes back a look-alike digit that alone breaks a row the table keeps, in doubt', () => {
    const rows = printed([
      ['USD 1,200.50', 'USD 300.25', 'USD 1,500.75'],
      ['USD 800.00', 'USD 150.00', 'USD 950.00'],
      ['USD 2,340.10', 'USD 9.00', 'USD 2,340.10'],
      ['USD 16,870.41', 'USD 500.00', 'USD 11,370.41'],
      ['USD 420.00', 'USD 80.00', 'USD 500.00'],
    ]);
    // OCR was unsure of the misread figures, sure of the others.
    const box = { x0: 0, y0: 0, x1: 0.1, y1: 0.01 };
    const read = (row: ExtractedRow, key: string, confidence: number): void => {
      const cell = row.cells[key];
      (row.cells as Record<string, typeof cell>)[key] = {
        ...cell,
        grounding: { page: 1, box, words: [{ text: cell.text, box, confidence }] },
      };
    };
    rows.forEach((row) => ['paid', 'reserve', 'incurred'].forEach((key) => read(row, key, 0.95)));
    read(rows[2], 'reserve', 0.4);
    read(rows[3], 'paid', 0.5);
    const repair = repairedByRowArithmetic(claims, rows);
    expect(repair.rows[2].cells.reserve.value).toEqual({ amount: 0, currency: 'USD' });
    expect(repair.rows[3].cells.paid.value).toEqual({ amount: 10870.41, currency: 'USD' });
    expect(repair.doubts).toEqual([
      'row 3: reserve read "USD 9.00", taken as 0 so that incurred is paid + reserve',
      'row 4: paid read "USD 16,870.41", taken as 10870.41 so that incurred is paid + reserve',
    ]);
    expect(rowsBreakingArithmetic(claims, repair.rows)).toEqual([]);
  });

  it('leaves a row two repairs would mend alike, and one no look-alike repair mends', () => {
    const rows = printed([
      ['USD 1,200.50', 'USD 300.25', 'USD 1,500.75'],
      ['USD 800.00', 'USD 150.00', 'USD 950.00'],
      ['USD 2,340.10', 'USD 9.00', 'USD 2,340.10'],
      ['USD 2,340.10', 'USD 4.00', 'USD 2,340.10'],
      ['USD 420.00', 'USD 80.00', 'USD 500.00'],
    ]);
    expect(repairedByRowArithmetic(claims, rows).doubts).toEqual([]);
  });
});
