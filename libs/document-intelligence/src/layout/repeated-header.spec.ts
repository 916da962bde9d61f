import { makePage, type PlacedText } from '../testing/text-page.fixture';
import { analysePages } from './analysed-page';
import type { LayoutTable } from './layout.types';
import { analyseDocument } from './page-layout.analyser';

function grid(table: LayoutTable): string[][] {
  const rows: string[][] = Array.from({ length: table.rows }, () =>
    Array.from({ length: table.columns }, () => ''),
  );
  for (const cell of table.cells) rows[cell.rowIndex][cell.columnIndex] = cell.text;
  return rows;
}

const header = (y: number): PlacedText[] => [
  { x: 70, y, text: 'Particulars' },
  { x: 300, y, text: 'Units' },
  { x: 400, y, text: 'Unit Price' },
  { x: 500, y, text: 'Line Total' },
];
const row = (
  y: number,
  item: string,
  units: string,
  price: string,
  total: string,
): PlacedText[] => [
  { x: 70, y, text: item },
  { x: 300, y, text: units },
  { x: 400, y, text: price },
  { x: 500, y, text: total },
];
const first = makePage([
  { x: 250, y: 60, text: 'REPAIR BILL' },
  ...header(200),
  ...row(218, 'Front bumper cover', '1', '261.28', '261.28'),
  ...row(236, 'Refinish labor', '9', '52.00', '468.00'),
  ...row(254, 'Tail lamp LH', '1', '776.80', '776.80'),
]);
/** The bill's second page: its header again over one last row, then its summary lines. */
const lastRow = (headerText: PlacedText[]) =>
  makePage(
    [
      ...headerText,
      ...row(98, 'Door shell front LH', '2', '896.79', '1,793.58'),
      { x: 400, y: 130, text: 'Net Amount' },
      { x: 500, y: 130, text: '3,299.66' },
    ],
    2,
  );

describe('a table run on to a page that repeats its header', () => {
  it('reads the one row under the repeated header as the table', () => {
    const [, second] = analysePages([first, lastRow(header(80))]);
    expect(second.layout.tables.map(grid)).toEqual([
      [
        ['Particulars', 'Units', 'Unit Price', 'Line Total'],
        ['Door shell front LH', '2', '896.79', '1,793.58'],
      ],
    ]);
    // Its header cells are no captions of the row's figures.
    expect(second.layout.keyValuePairs.map((p) => p.key.text)).toEqual(['Net Amount']);
    expect(analyseDocument({ pages: [first, lastRow(header(80))] })[1].tables).toHaveLength(1);
  });

  it('leaves one row under captions no earlier page printed to the pairs', () => {
    const other = [
      { x: 70, y: 80, text: 'Claimant' },
      { x: 300, y: 80, text: 'Units' },
      { x: 400, y: 80, text: 'Unit Price' },
      { x: 500, y: 80, text: 'Line Total' },
    ];
    const [, second] = analysePages([first, lastRow(other)]);
    expect(second.layout.tables).toEqual([]);
  });

  it('leaves it alone on a first page, or where the captions moved', () => {
    expect(analysePages([lastRow(header(80))])[0].layout.tables).toEqual([]);
    const moved = header(80).map((p) => ({ ...p, x: p.x - 40 }));
    expect(analysePages([first, lastRow(moved)])[1].layout.tables).toEqual([]);
  });
});
