import type { LayoutTable } from '../layout/layout.types';
import type { TableColumnDefinition } from '../schema/field-schema.types';
import { kindFit } from './column-fit';

/** A one-column table of body cells under a header. */
function column(texts: readonly string[]): LayoutTable {
  const box = { x0: 0, y0: 0, x1: 1, y1: 1 };
  const cell = (text: string, rowIndex: number) => ({
    text,
    box,
    words: [],
    rowIndex,
    columnIndex: 0,
    rowSpan: 1,
    columnSpan: 1,
    isHeader: rowIndex === 0,
  });
  return {
    box,
    rows: texts.length + 1,
    columns: 1,
    headerRows: 1,
    cells: [cell('Ext. Price', 0), ...texts.map((t, i) => cell(t, i + 1))],
  } as LayoutTable;
}

const amount: TableColumnDefinition = { key: 'amount', type: 'money', label: 'Amount' };

describe('kindFit', () => {
  it('takes amounts with their currency code for money, the code in any case OCR read it', () => {
    expect(kindFit(column(['usb 2,303.96', 'USD 2,885.52', '1,845.15 usd']), 0, amount)).toBe(1);
  });

  it('does not take a word of three letters with a bare number for money', () => {
    expect(kindFit(column(['Kit 4', 'Box 12']), 0, amount)).toBe(0);
  });
});
