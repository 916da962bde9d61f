import type { ExtractedRow } from '../schema/extraction-result.types';
import type { TableColumnDefinition } from '../schema/field-schema.types';
import { gappedColumnCells } from './gapped-columns';

const columns = [
  { key: 'claim_number', type: 'string' },
  { key: 'deductible', type: 'money' },
] as TableColumnDefinition[];

function row(claim: string | null, deductible: number | null): ExtractedRow {
  return {
    confidence: 1,
    cells: {
      claim_number: { value: claim, text: claim ?? '', confidence: 1 },
      deductible: { value: deductible, text: String(deductible ?? ''), confidence: 1 },
    },
  };
}

describe('gappedColumnCells', () => {
  it('doubts a cell left empty in a column the other rows fill', () => {
    const rows = [row('C-1', null), row(null, null), row('C-3', null), row('C-4', 500)];
    expect(gappedColumnCells(columns, rows)).toEqual([
      'row 2: claim_number empty where 3 of 4 rows fill it',
    ]);
  });

  it('leaves a column blank in most rows alone, as the layout habit', () => {
    const rows = [row('C-1', null), row('C-2', null), row('C-3', 500)];
    expect(gappedColumnCells(columns, rows)).toEqual([]);
  });

  it('reads a blank amount as none, not as a cell lost', () => {
    const rows = [row('C-1', 5), row('C-2', null), row('C-3', 5), row('C-4', 5)];
    expect(gappedColumnCells(columns, rows)).toEqual([]);
  });

  it('says nothing of a table too short to show a habit', () => {
    expect(gappedColumnCells(columns, [row('C-1', 5), row(null, 5)])).toEqual([]);
  });
});
