import { extractDocumentFields } from '../extraction/field-extractor';
import { analysePages } from '../layout/analysed-page';
import type { ExtractedField, TableRowValue } from '../schema/extraction-result.types';
import type { TableFieldDefinition } from '../schema/field-schema.types';
import { makePage, type PlacedText } from '../testing/text-page.fixture';
import type { TextPage } from '../text-layer/text-layer.types';
import { learnLayout } from './layout-memory';
import { REMEMBERED_COLUMNS_NOTE, withRememberedColumns } from './remembered-column-cells';

/*
 * A loss run whose last two headers are printed so tight that they touch ("O/S Reserve" runs
 * into "Incurred Amount"): the line grouper sets the second apart from the header line, and the
 * reading under the headers loses the incurred column whole, on the reviewed document and on
 * the next one of the layout alike.
 */

const claims: TableFieldDefinition = {
  key: 'claims',
  type: 'table',
  columns: [
    { key: 'claim_number', type: 'string', label: 'Claim Number' },
    { key: 'paid', type: 'money', label: 'Paid' },
    { key: 'reserve', type: 'money', label: 'Reserve' },
    { key: 'incurred', type: 'money', label: 'Incurred' },
  ],
};
const COLUMNS_X = [60, 200, 320, 420];
const PITCH = 16;
type Row = readonly [string, string, string, string];

function lossRun(rows: readonly Row[], shift = 0): TextPage {
  return makePage([
    { x: 60, y: 50, text: 'ACME MUTUAL LOSS RUN', size: 14 },
    { x: 60, y: 80, text: 'Account: Harbor Freight Lines' },
    { x: 60, y: 120, text: 'Ref.' },
    { x: 200, y: 120, text: 'Amount Paid' },
    { x: 320, y: 120, text: 'O/S Reserve' },
    { x: 372, y: 120, text: 'Incurred Amount' },
    ...rows.flatMap((row, i): PlacedText[] =>
      row.map((text, c) => ({ x: COLUMNS_X[c] + (c === 1 ? shift : 0), y: 140 + i * PITCH, text })),
    ),
    { x: 60, y: 160 + rows.length * PITCH, text: 'Printed by the carrier' },
  ]);
}

const TAUGHT: Row[] = [
  ['CL-1', '$100.00', '$10.00', '$110.00'],
  ['CL-2', '$200.00', '$0.00', '$200.00'],
  ['CL-3', '$300.00', '$30.00', '$330.00'],
];

function reviewOf(page: TextPage, rows: readonly Row[]) {
  const boxOf = (text: string, nth: number) =>
    page.words.filter((w) => w.text === text)[
      nth === 0 ? 0 : page.words.filter((w) => w.text === text).length - 1
    ]!.box;
  return {
    key: 'claims',
    rows: rows.map((row) => ({
      pageNumber: 1,
      box: { ...boxOf(row[0], 0), x1: boxOf(row[3], 1).x1 },
      cells: claims.columns.map((column, c) => ({
        column: column.key,
        box: page.words.find(
          (w) => w.text === row[c] && Math.abs(w.box.x0 * 612 - COLUMNS_X[c]) < 1,
        )!.box,
      })),
    })),
  };
}

const NEXT: Row[] = [
  ['CL-7', '$70.00', '$7.00', '$77.00'],
  ['CL-8', '$80.00', '$8.00', '$88.00'],
  ['CL-9', '$90.00', '$0.00', '$90.00'],
  ['CL-10', '$11.00', '$1.00', '$12.00'],
];

/** A reading that lost the incurred column whole, as the header reading does when it touches. */
function withoutIncurred(table: ExtractedField): ExtractedField {
  const rows = table.rows!.map((row) => {
    const { incurred: _lost, ...cells } = row.cells;
    return { ...row, cells };
  });
  const value = (table.value as TableRowValue[]).map((row) => ({ ...row, incurred: null }));
  const total = NEXT.reduce((sum, row) => sum + Number(row[3].slice(1)), 0);
  return {
    ...table,
    rows,
    value,
    doubts: [
      'column incurred empty in every row',
      `totals line "Total" prints ${total.toFixed(2)} but the rows' reserve add up to 16.00`,
      'row 2: paid confidence 0.40 below threshold 0.70',
    ],
  };
}

describe('a column lost under its header, read where the reviewed table printed it', () => {
  const taught = lossRun(TAUGHT);
  const memory = learnLayout(analysePages([taught]), [], [reviewOf(taught, TAUGHT)])!;
  const remembered = memory.tables![0];
  const readWith = (page: TextPage) =>
    extractDocumentFields({ pages: [page] }, { fields: [claims] }, { layoutMemories: [memory] })[0];
  const fill = (page: TextPage, table = withoutIncurred(readWith(lossRun(NEXT)))) =>
    withRememberedColumns(table, remembered, analysePages([page]));

  it('learns what the reviewed cells of each amount column print, and nothing of identifiers', () => {
    expect(remembered.columns!.map((c) => [c.key, c.kind])).toEqual([
      ['claim_number', undefined],
      ['paid', 'money'],
      ['reserve', 'money'],
      ['incurred', 'money'],
    ]);
  });

  it('reads the lost column in every row at its remembered place', () => {
    const table = fill(lossRun(NEXT))!;
    expect(table.rows!.map((row) => row.cells.incurred.value)).toEqual([
      { amount: 77, currency: 'USD' },
      { amount: 88, currency: 'USD' },
      { amount: 90, currency: 'USD' },
      { amount: 12, currency: 'USD' },
    ]);
    expect((table.value as TableRowValue[])[1]).toMatchObject({
      claim_number: 'CL-8',
      incurred: { amount: 88, currency: 'USD' },
    });
    expect(table.rows![0].cells.incurred.grounding!.box.x0).toBeCloseTo(420 / 612, 3);
    expect(table.notes).toContain(REMEMBERED_COLUMNS_NOTE);
  });

  it('drops the doubts the column answers and keeps every other', () => {
    expect(fill(lossRun(NEXT))!.doubts).toEqual([
      'row 2: paid confidence 0.40 below threshold 0.70',
    ]);
  });

  it('reads nothing when the columns read do not stand where the review had them', () => {
    const shifted = lossRun(NEXT, 60);
    const table = withoutIncurred(readWith(shifted));
    expect(fill(shifted, table)).toBeNull();
  });

  it('reads nothing when one row does not read wholly as the column’s kind', () => {
    const page = lossRun([...NEXT.slice(0, 3), ['CL-10', '$11.00', '$1.00', 'see note']]);
    expect(fill(page)).toBeNull();
  });

  it('leaves a table alone when no remembered column was lost', () => {
    expect(fill(lossRun(NEXT), readWith(lossRun(NEXT)))).toBeNull();
  });
});
