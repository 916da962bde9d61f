import { makePage, type PlacedText } from '../testing/text-page.fixture';
import { groupLines } from '../text-layer/line-grouper';
import type { LayoutTable } from './layout.types';
import { detectTableLayout } from './table.detector';

function grid(table: LayoutTable): string[][] {
  const rows: string[][] = Array.from({ length: table.rows }, () =>
    Array.from({ length: table.columns }, () => ''),
  );
  for (const cell of table.cells) rows[cell.rowIndex][cell.columnIndex] = cell.text;
  return rows;
}

function tablesOf(runs: readonly PlacedText[]): LayoutTable[] {
  return detectTableLayout(groupLines(makePage(runs, 1, 'ocr'))).tables;
}

/** An invoice whose shaded header band OCR did not read: its rows only, then the totals. */
const rows: PlacedText[] = [
  { x: 50, y: 60, text: 'TAX INVOICE', confidence: 0.9 },
  ...[
    ['Fender LH', '2', '$182.55', '$365.10'],
    ['Headlamp assembly', '1', '$949.03', '$949.03'],
    ['Hood panel', '2', '$498.34', '$996.68'],
    ['Windshield', '1', '$469.36', '$469.36'],
  ].flatMap((cells, r) =>
    cells.map((text, c) => ({ x: [50, 300, 380, 480][c], y: 120 + r * 16, text, confidence: 0.9 })),
  ),
  { x: 300, y: 200, text: 'PARTS & LABOR', confidence: 0.9 },
  { x: 480, y: 200, text: '$2,780.17', confidence: 0.9 },
];

describe('tables without a header row', () => {
  it('reads rows in the same columns as a table with no header cells, the totals left out', () => {
    const tables = tablesOf(rows);
    expect(tables).toHaveLength(1);
    expect(tables[0].headerRows).toBe(0);
    expect(tables[0].cells.some((c) => c.isHeader)).toBe(false);
    expect(grid(tables[0])).toEqual([
      ['Fender LH', '2', '$182.55', '$365.10'],
      ['Headlamp assembly', '1', '$949.03', '$949.03'],
      ['Hood panel', '2', '$498.34', '$996.68'],
      ['Windshield', '1', '$469.36', '$469.36'],
    ]);
  });

  it('joins a description the skew split off its row to the row of figures below it', () => {
    const tables = tablesOf([
      ...rows.slice(0, 9),
      // "Hood panel" read as a line of its own a little above its figures.
      { x: 50, y: 150, text: 'Hood panel', confidence: 0.9 },
      { x: 300, y: 158, text: '2', confidence: 0.9 },
      { x: 380, y: 158, text: '$498.34', confidence: 0.9 },
      { x: 480, y: 158, text: '$996.68', confidence: 0.9 },
      ...rows.slice(13),
    ]);
    expect(tables).toHaveLength(1);
    expect(grid(tables[0])[2]).toEqual(['Hood panel', '2', '$498.34', '$996.68']);
  });

  it('keeps one column whose cells the skew set a little apart', () => {
    const tables = tablesOf(
      rows.map((run, i) =>
        // The counts drift left down the page, as on a scan turned by a degree or two.
        run.x === 300 && i > 0 ? { ...run, x: 300 - Math.floor((i - 1) / 4) * 6 } : run,
      ),
    );
    expect(tables).toHaveLength(1);
    expect(grid(tables[0]).map((row) => row[1])).toEqual(['2', '1', '2', '1']);
  });

  it('finds none in two lines of figures, nor in a list of captioned values', () => {
    expect(tablesOf(rows.slice(0, 9))).toEqual([]);
    expect(
      tablesOf(
        ['Claim No. 24-90349', 'Loss Date 2023-08-15', 'Amount USD 11,824.64'].map((text, r) => ({
          x: 50,
          y: 120 + r * 16,
          text,
          confidence: 0.9,
        })),
      ),
    ).toEqual([]);
  });

  it('is not looked for on a page whose header row was read', () => {
    const tables = tablesOf([
      { x: 50, y: 100, text: 'Description', confidence: 0.9 },
      { x: 300, y: 100, text: 'Qty', confidence: 0.9 },
      { x: 380, y: 100, text: 'Price', confidence: 0.9 },
      { x: 480, y: 100, text: 'Amount', confidence: 0.9 },
      ...rows,
    ]);
    expect(tables).toHaveLength(1);
    expect(tables[0].headerRows).toBe(1);
  });
});
