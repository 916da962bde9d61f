import { makePage, type PlacedText } from '../testing/text-page.fixture';
import { groupLines, splitSegments } from '../text-layer/line-grouper';
import { detectKeyValuePairs } from './key-value-pair.detector';
import { isNoisePhrase } from './noise-phrase';
import { detectTableLayout, detectTables, tableWords } from './table.detector';
import { tableFootPairs } from './table-foot';

function grid(table: ReturnType<typeof detectTables>[number]): string[][] {
  const rows: string[][] = Array.from({ length: table.rows }, () =>
    Array.from({ length: table.columns }, () => ''),
  );
  for (const cell of table.cells) rows[cell.rowIndex][cell.columnIndex] = cell.text;
  return rows;
}

const estimate: PlacedText[] = [
  { x: 50, y: 60, text: 'Estimate' },
  { x: 50, y: 120, text: 'Description' },
  { x: 300, y: 120, text: 'Qty' },
  { x: 420, y: 120, text: 'Amount' },
  { x: 50, y: 136, text: 'Front bumper cover' },
  { x: 300, y: 136, text: '1' },
  { x: 420, y: 136, text: '$420.00' },
  { x: 50, y: 150, text: 'Paint and' },
  { x: 300, y: 150, text: '3.5' },
  { x: 420, y: 150, text: '$217.00' },
  { x: 50, y: 159, text: 'materials' },
  { x: 50, y: 173, text: 'Headlamp' },
  { x: 300, y: 173, text: '2' },
  { x: 420, y: 173, text: '$361.00' },
  { x: 300, y: 200, text: 'Total' },
  { x: 420, y: 200, text: '$998.00' },
];

describe('detectTables', () => {
  it('reads past specks read as glyphs, on a line of their own or between two cells', () => {
    // Dots between two columns, read as a "3" a little above a row and a "d" within one.
    const specks: PlacedText[] = [
      { x: 200, y: 147, text: '3', size: 0.5, confidence: 0.6 },
      { x: 200, y: 176, text: 'd', size: 0.5, confidence: 0.65 },
    ];
    const lines = groupLines(makePage([...estimate, ...specks]));
    expect(grid(detectTables(lines)[0])).toEqual([
      ['Description', 'Qty', 'Amount'],
      ['Front bumper cover', '1', '$420.00'],
      ['Paint and materials', '3.5', '$217.00'],
      ['Headlamp', '2', '$361.00'],
    ]);
  });

  it('reads header, rows and wrapped cells, and leaves the totals row to the pairs', () => {
    const lines = groupLines(makePage(estimate));
    const tables = detectTables(lines);
    expect(tables).toHaveLength(1);
    expect(grid(tables[0])).toEqual([
      ['Description', 'Qty', 'Amount'],
      ['Front bumper cover', '1', '$420.00'],
      ['Paint and materials', '3.5', '$217.00'],
      ['Headlamp', '2', '$361.00'],
    ]);
    expect(tables[0].cells.filter((c) => c.isHeader)).toHaveLength(3);
    const pairs = detectKeyValuePairs(lines, tableWords(tables));
    expect(pairs.map((p) => [p.key.text, p.value?.text])).toEqual([['Total', '$998.00']]);
  });

  it('reads no table from caption lines led to their answers by dots under a caption/answer line', () => {
    // A harsh scan lost the first line's leader: "CLIENT  Andre Anderson" reads as two captions.
    const lines = groupLines(
      makePage([
        { x: 50, y: 100, text: 'CLIENT' },
        { x: 250, y: 100, text: 'Andre Anderson' },
        { x: 50, y: 120, text: 'EFFECTIVE .........' },
        { x: 250, y: 120, text: '8/2/24' },
        { x: 50, y: 140, text: 'POLICY PERIOD TO .........' },
        { x: 250, y: 140, text: '8/2/25' },
        { x: 50, y: 160, text: 'ISSUING COMPANY .........' },
        { x: 250, y: 160, text: 'Northgate Property & Casualty' },
      ]),
    );
    expect(detectTables(lines)).toEqual([]);
    const pairs = detectKeyValuePairs(lines, new Set());
    expect(pairs.map((p) => [p.key.text, p.value?.text])).toContainEqual(['EFFECTIVE', '8/2/24']);
  });

  it('splits captions printed close enough to run together when the rows print two figures under them', () => {
    const tables = detectTables(
      groupLines(
        makePage([
          { x: 50, y: 100, text: 'Claim' },
          { x: 200, y: 100, text: 'Paid to Date' },
          { x: 266, y: 100, text: 'Open Reserve' },
          { x: 50, y: 116, text: 'C-100' },
          { x: 200, y: 116, text: '1,200.00' },
          { x: 266, y: 116, text: '3,400.00' },
          { x: 50, y: 130, text: 'C-101' },
          { x: 200, y: 130, text: '2,050.10' },
          { x: 266, y: 130, text: '0.00' },
          { x: 50, y: 144, text: 'C-102' },
          { x: 200, y: 144, text: '310.00' },
          { x: 266, y: 144, text: '75.25' },
        ]),
      ),
    );
    expect(tables).toHaveLength(1);
    expect(grid(tables[0])).toEqual([
      ['Claim', 'Paid to Date', 'Open Reserve'],
      ['C-100', '1,200.00', '3,400.00'],
      ['C-101', '2,050.10', '0.00'],
      ['C-102', '310.00', '75.25'],
    ]);
  });

  it('shares a tight header among the figures under it, its captions overlapping', () => {
    // Captions printed tight, "Reserve" and "Incurred" overlapping (the line grouper may cut the
    // line there), each column's figures set flush right under its caption.
    const figures = [
      ['C-100', 'USD 7,682.64', 'USD 23,408.46', 'USD 31,091.10'],
      ['C-101', 'USD 22,882.25', 'USD 0.00', 'USD 22,882.25'],
      ['C-102', 'USD 2,342.64', 'USD 1,446.63', 'USD 3,789.27'],
    ];
    const rights = [244, 310, 396];
    const width = (text: string): number => text.replace(/ /g, '').length * 5.5 + 2.8;
    const lines = groupLines(
      makePage([
        { x: 50, y: 100, text: 'Claim' },
        { x: 200, y: 100, text: 'Payments Open Reserve' },
        { x: 308, y: 100, text: 'Incurred Amount' },
        ...figures.flatMap((cells, r) =>
          cells.map((text, c) => ({
            x: c === 0 ? 50 : rights[c - 1] - width(text),
            y: 116 + r * 14,
            text,
          })),
        ),
      ]),
    );
    const tables = detectTables(lines);
    expect(grid(tables[0])).toEqual([
      ['Claim', 'Payments', 'Open Reserve', 'Incurred Amount'],
      ...figures,
    ]);
  });

  it("reads both pieces of a two-line header's first line cut apart by a skewed scan", () => {
    // The grouper's lines as a skewed scan leaves them: "Total Incurred" a little above
    // "File Accident", both the first line of the header.
    const linesOf = (runs: PlacedText[]) =>
      groupLines(
        makePage(
          runs.map((r) => ({ ...r, confidence: 0.9 })),
          1,
          'ocr',
        ),
      );
    const lines = [
      ...linesOf([
        { x: 300, y: 223, text: 'Total', size: 7 },
        { x: 420, y: 223, text: 'Incurred', size: 7 },
      ]),
      ...linesOf([
        { x: 50, y: 225, text: 'File', size: 7 },
        { x: 150, y: 225, text: 'Accident', size: 7 },
      ]),
      ...linesOf([
        { x: 50, y: 235, text: 'No.' },
        { x: 150, y: 235, text: 'Date' },
        { x: 230, y: 235, text: 'Status' },
        { x: 300, y: 235, text: 'Paid' },
        { x: 420, y: 235, text: 'Amount' },
        ...[0, 1, 2].flatMap((r) => [
          { x: 50, y: 251 + r * 14, text: `C-10${r}` },
          { x: 150, y: 251 + r * 14, text: `0${r + 1}/02/2024` },
          { x: 230, y: 251 + r * 14, text: 'Open' },
          { x: 300, y: 251 + r * 14, text: `${r + 1},200.00` },
          { x: 420, y: 251 + r * 14, text: `${r + 4},400.00` },
        ]),
      ]),
    ];
    expect(grid(detectTables(lines)[0])[0]).toEqual([
      'File No.',
      'Accident Date',
      'Status',
      'Total Paid',
      'Incurred Amount',
    ]);
  });

  it("reads the one row a table's last page holds when a totals line closes it, no other", () => {
    const page = (closed: boolean) =>
      groupLines(
        makePage([
          { x: 50, y: 100, text: 'Claim' },
          { x: 200, y: 100, text: 'Paid' },
          { x: 300, y: 100, text: 'Reserve' },
          { x: 50, y: 116, text: 'C-134' },
          { x: 200, y: 116, text: '$24,315.50' },
          { x: 300, y: 116, text: '$0.00' },
          ...(closed
            ? [
                { x: 50, y: 134, text: 'Total' },
                { x: 200, y: 134, text: '$355,184.99' },
              ]
            : []),
        ]),
      );
    expect(grid(detectTables(page(true))[0])).toEqual([
      ['Claim', 'Paid', 'Reserve'],
      ['C-134', '$24,315.50', '$0.00'],
    ]);
    expect(detectTables(page(false))).toEqual([]);
    // A form's band of two captions over one answer line, another caption under the answer.
    const band = groupLines(
      makePage([
        { x: 50, y: 100, text: 'PRODUCT' },
        { x: 300, y: 100, text: 'END DATE' },
        { x: 50, y: 116, text: 'Homeowners' },
        { x: 300, y: 116, text: '01-Jul-2024' },
        { x: 300, y: 134, text: 'NAME OF INSURED' },
      ]),
    );
    expect(detectTables(band)).toEqual([]);
  });

  it('takes apart amounts of neighbouring columns printed close enough to run together', () => {
    const tables = detectTables(
      groupLines(
        makePage([
          { x: 50, y: 100, text: 'Claim' },
          { x: 200, y: 100, text: 'Paid' },
          { x: 280, y: 100, text: 'Reserve' },
          { x: 360, y: 100, text: 'Incurred' },
          { x: 50, y: 116, text: 'C-100' },
          { x: 200, y: 116, text: '$20,702.26 $11,526.55' },
          { x: 360, y: 116, text: '$32,228.81' },
          { x: 50, y: 130, text: 'C-101' },
          { x: 200, y: 130, text: '$2,092.67' },
          { x: 280, y: 130, text: '$7,366.87' },
          { x: 360, y: 130, text: '$9,459.54' },
        ]),
      ),
    );
    expect(grid(tables[0])).toEqual([
      ['Claim', 'Paid', 'Reserve', 'Incurred'],
      ['C-100', '$20,702.26', '$11,526.55', '$32,228.81'],
      ['C-101', '$2,092.67', '$7,366.87', '$9,459.54'],
    ]);
  });

  it('takes apart amounts printed with their currency code, and keeps a lone amount whole', () => {
    const tables = detectTables(
      groupLines(
        makePage([
          { x: 50, y: 100, text: 'Claim' },
          { x: 200, y: 100, text: 'Paid' },
          { x: 300, y: 100, text: 'Reserve' },
          { x: 50, y: 116, text: 'C-100' },
          { x: 200, y: 116, text: '15,661.18 USD 16,745.77 USD' },
          { x: 50, y: 130, text: 'C-101' },
          { x: 200, y: 130, text: '2,092.67 USD' },
          { x: 300, y: 130, text: '7,366.87 USD' },
        ]),
      ),
    );
    expect(grid(tables[0])).toEqual([
      ['Claim', 'Paid', 'Reserve'],
      ['C-100', '15,661.18 USD', '16,745.77 USD'],
      ['C-101', '2,092.67 USD', '7,366.87 USD'],
    ]);
  });

  it('keeps a caption whole when its rows print a single figure under it', () => {
    const tables = detectTables(
      groupLines(
        makePage([
          { x: 50, y: 100, text: 'Claim' },
          { x: 200, y: 100, text: 'Paid to Date Open Reserve' },
          { x: 50, y: 116, text: 'C-100' },
          { x: 230, y: 116, text: '1,200.00' },
          { x: 50, y: 130, text: 'C-101' },
          { x: 230, y: 130, text: '2,050.10' },
        ]),
      ),
    );
    expect(grid(tables[0])[0]).toEqual(['Claim', 'Paid to Date Open Reserve']);
  });

  it('merges a two-line header', () => {
    const tables = detectTables(
      groupLines(
        makePage([
          { x: 50, y: 100, text: 'Claim' },
          { x: 200, y: 100, text: 'Date of' },
          { x: 350, y: 100, text: 'Amount' },
          { x: 50, y: 109, text: 'Number' },
          { x: 200, y: 109, text: 'Loss' },
          { x: 350, y: 109, text: 'Paid' },
          { x: 50, y: 125, text: 'C-100' },
          { x: 200, y: 125, text: '01/05/2024' },
          { x: 350, y: 125, text: '$1,000.00' },
          { x: 50, y: 139, text: 'C-101' },
          { x: 200, y: 139, text: '02/07/2024' },
          { x: 350, y: 139, text: '$250.00' },
        ]),
      ),
    );
    expect(tables.map(grid)).toEqual([
      [
        ['Claim Number', 'Date of Loss', 'Amount Paid'],
        ['C-100', '01/05/2024', '$1,000.00'],
        ['C-101', '02/07/2024', '$250.00'],
      ],
    ]);
  });

  it('merges a two-line header whose first line has fewer captions, and slashes in captions', () => {
    const tables = detectTables(
      groupLines(
        makePage([
          { x: 50, y: 100, text: 'Work' },
          { x: 420, y: 100, text: 'Ext.' },
          { x: 50, y: 109, text: 'Performed' },
          { x: 300, y: 109, text: 'Hrs/Qty' },
          { x: 420, y: 109, text: 'Price' },
          { x: 50, y: 125, text: 'Fender RH' },
          { x: 300, y: 125, text: '1' },
          { x: 420, y: 125, text: '727.49' },
          { x: 50, y: 139, text: 'Hood panel' },
          { x: 300, y: 139, text: '2' },
          { x: 420, y: 139, text: '897.02' },
        ]),
      ),
    );
    expect(tables.map(grid)).toEqual([
      [
        ['Work Performed', 'Hrs/Qty', 'Ext. Price'],
        ['Fender RH', '1', '727.49'],
        ['Hood panel', '2', '897.02'],
      ],
    ]);
  });

  it('finds no table in a boxed form of caption rows over answer rows', () => {
    const tables = detectTables(
      groupLines(
        makePage([
          { x: 50, y: 100, text: 'Policy number' },
          { x: 300, y: 100, text: 'Phone' },
          { x: 50, y: 114, text: 'PN-1' },
          { x: 300, y: 114, text: '555-0100' },
          { x: 50, y: 140, text: 'Insured' },
          { x: 300, y: 140, text: 'Date' },
          { x: 50, y: 154, text: 'Jane Smith' },
          { x: 300, y: 154, text: '01/02/2025' },
        ]),
      ),
    );
    expect(tables).toEqual([]);
  });

  it('finds no table in bands of capital captions over answers, and pairs each caption with its answer', () => {
    const runs: PlacedText[] = [
      { x: 50, y: 100, text: 'PERIL' },
      { x: 300, y: 100, text: 'INSURED PARTY' },
      { x: 50, y: 114, text: 'Vandalism' },
      { x: 300, y: 114, text: 'David Pearson' },
      { x: 50, y: 140, text: 'LOSS REFERENCE' },
      { x: 300, y: 140, text: 'EST. DAMAGE' },
      { x: 50, y: 154, text: 'LR-20931' },
      { x: 300, y: 154, text: '$4,210.00' },
    ];
    const lines = groupLines(makePage(runs));
    expect(detectTables(lines)).toEqual([]);
    expect(detectKeyValuePairs(lines).map((p) => [p.key.text, p.value?.text ?? null])).toEqual([
      ['PERIL', 'Vandalism'],
      ['INSURED PARTY', 'David Pearson'],
      ['LOSS REFERENCE', 'LR-20931'],
      ['EST. DAMAGE', '$4,210.00'],
    ]);
  });

  it('follows bands whose captions OCR boxed a little off one another, overlapping the ones above', () => {
    // A fax: the second caption of each band starts a few points off the one above it.
    const runs: PlacedText[] = [
      { x: 50, y: 100, text: 'PERIL' },
      { x: 300, y: 100, text: 'INSURED PARTY' },
      { x: 52, y: 114, text: 'Fire' },
      { x: 301, y: 114, text: 'Elizabeth Whitaker' },
      { x: 48, y: 128, text: 'LOSS REFERENCE' },
      { x: 280, y: 128, text: 'EST. DAMAGE' },
      { x: 50, y: 142, text: '24-90349-0D' },
      { x: 299, y: 142, text: '11,824.64 USD' },
      { x: 49, y: 156, text: 'POLICY ID' },
      { x: 302, y: 156, text: 'REPORTED TO POLICE' },
      { x: 50, y: 170, text: 'HO-30-2588880' },
      { x: 300, y: 170, text: 'Yes' },
    ];
    expect(detectTables(groupLines(makePage(runs)))).toEqual([]);
  });

  it('reads bands in any case when the answer rows, unlike the caption rows, carry values, and the table after them', () => {
    const runs: PlacedText[] = [
      { x: 60, y: 100, text: 'Name of Insured' },
      { x: 300, y: 100, text: 'End Date' },
      { x: 60, y: 111, text: 'Fatima Whitaker' },
      { x: 300, y: 111, text: '11/29/24' },
      { x: 60, y: 132, text: 'Line' },
      { x: 300, y: 132, text: 'Producer' },
      { x: 60, y: 143, text: 'Commercial Property' },
      { x: 300, y: 143, text: 'Carlos Wallace' },
      { x: 60, y: 164, text: 'Certificate No.' },
      { x: 300, y: 164, text: 'Start Date' },
      { x: 60, y: 175, text: 'HO/69/3961586' },
      { x: 300, y: 175, text: '11/29/23' },
      // A table further down: its header over its first row is no band of the form above.
      { x: 60, y: 220, text: 'Coverage Part' },
      { x: 300, y: 220, text: 'Limits' },
      { x: 60, y: 236, text: 'Personal Liability' },
      { x: 300, y: 236, text: '$100000.00' },
      { x: 60, y: 251, text: 'Dwelling' },
      { x: 300, y: 251, text: '$250000.00' },
    ];
    const lines = groupLines(makePage(runs));
    const tables = detectTables(lines);
    expect(tables.map(grid)).toEqual([
      [
        ['Coverage Part', 'Limits'],
        ['Personal Liability', '$100000.00'],
        ['Dwelling', '$250000.00'],
      ],
    ]);
    const pairs = detectKeyValuePairs(lines, tableWords(tables));
    expect(pairs.map((p) => [p.key.text, p.value?.text ?? null])).toEqual([
      ['Name of Insured', 'Fatima Whitaker'],
      ['End Date', '11/29/24'],
      ['Line', 'Commercial Property'],
      ['Producer', 'Carlos Wallace'],
      ['Certificate No.', 'HO/69/3961586'],
      ['Start Date', '11/29/23'],
    ]);
  });

  it('keys each amount of a totals line that sums two columns by the caption and its column', () => {
    const { tables, feet } = detectTableLayout(
      groupLines(
        makePage([
          { x: 50, y: 100, text: 'Loss Ref' },
          { x: 300, y: 100, text: 'Paid' },
          { x: 420, y: 100, text: 'Incurred' },
          { x: 50, y: 114, text: '24-50897' },
          { x: 300, y: 114, text: '$1,261.24' },
          { x: 420, y: 114, text: '$17,582.30' },
          { x: 50, y: 128, text: '23-30747' },
          { x: 300, y: 128, text: '$15,288.06' },
          { x: 420, y: 128, text: '$34,786.56' },
          { x: 50, y: 146, text: 'Grand Total' },
          { x: 300, y: 146, text: '$16,549.30' },
          { x: 420, y: 146, text: '$52,368.86' },
        ]),
      ),
    );
    expect(tables).toHaveLength(1);
    expect(tables[0].rows).toBe(3);
    expect(tableFootPairs(feet).map((p) => [p.key.text, p.value?.text ?? null])).toEqual([
      ['Grand Total Paid', '$16,549.30'],
      ['Grand Total Incurred', '$52,368.86'],
    ]);
  });

  it('reads a two-line header whose second line prints "#" for a number under its caption', () => {
    const tables = detectTables(
      groupLines(
        makePage([
          { x: 50, y: 100, text: 'Claim' },
          { x: 300, y: 100, text: 'Indemnity' },
          { x: 50, y: 110, text: '#' },
          { x: 160, y: 110, text: 'Condition' },
          { x: 300, y: 110, text: 'Paid' },
          { x: 50, y: 126, text: 'CLM-2024-129643' },
          { x: 160, y: 126, text: 'Reopened' },
          { x: 300, y: 126, text: '$24,678.53' },
          { x: 50, y: 140, text: '22-44701-CF' },
          { x: 160, y: 140, text: 'Closed' },
          { x: 300, y: 140, text: '$9,618.46' },
        ]),
      ),
    );
    expect(tables.map(grid)).toEqual([
      [
        ['Claim #', 'Condition', 'Indemnity Paid'],
        ['CLM-2024-129643', 'Reopened', '$24,678.53'],
        ['22-44701-CF', 'Closed', '$9,618.46'],
      ],
    ]);
  });

  it('still reads a table whose capital header sits over a single band of rows', () => {
    const tables = detectTables(
      groupLines(
        makePage([
          { x: 50, y: 100, text: 'DESCRIPTION' },
          { x: 300, y: 100, text: 'AMOUNT' },
          { x: 50, y: 114, text: 'Towing' },
          { x: 300, y: 114, text: '$120.00' },
          { x: 50, y: 128, text: 'Storage' },
          { x: 300, y: 128, text: '$45.00' },
          { x: 50, y: 142, text: 'Rental' },
          { x: 300, y: 142, text: '$310.00' },
        ]),
      ),
    );
    expect(tables.map(grid)).toEqual([
      [
        ['DESCRIPTION', 'AMOUNT'],
        ['Towing', '$120.00'],
        ['Storage', '$45.00'],
        ['Rental', '$310.00'],
      ],
    ]);
  });

  it('ends the table at a summary line whatever it is called: a caption where rows held values', () => {
    const tables = detectTables(
      groupLines(
        makePage([
          { x: 50, y: 100, text: 'Part / Labor' },
          { x: 300, y: 100, text: 'No.' },
          { x: 420, y: 100, text: 'Ext. Price' },
          { x: 50, y: 114, text: 'Water extraction' },
          { x: 300, y: 114, text: '6' },
          { x: 420, y: 114, text: 'USD 297.90' },
          { x: 50, y: 128, text: 'Mold remediation' },
          { x: 300, y: 128, text: '12' },
          { x: 420, y: 128, text: 'USD 1,091.88' },
          { x: 300, y: 146, text: 'Goods Total' },
          { x: 420, y: 146, text: 'USD 1,389.78' },
          { x: 300, y: 160, text: 'Taxes' },
          { x: 420, y: 160, text: 'USD 69.49' },
        ]),
      ),
    );
    expect(tables.map(grid)).toEqual([
      [
        ['Part / Labor', 'No.', 'Ext. Price'],
        ['Water extraction', '6', 'USD 297.90'],
        ['Mold remediation', '12', 'USD 1,091.88'],
      ],
    ]);
  });

  /** Two rows over a summary line, the second row's quantity read as `quantity`. */
  const summedRows = (quantity: readonly PlacedText[]): number[] =>
    detectTables(
      groupLines(
        makePage(
          [
            { x: 50, y: 100, text: 'Item' },
            { x: 300, y: 100, text: 'Qty' },
            { x: 420, y: 100, text: 'Net' },
            { x: 50, y: 114, text: 'Roof shingles', confidence: 0.95 },
            { x: 300, y: 114, text: '6', confidence: 0.95 },
            { x: 420, y: 114, text: '$879.84', confidence: 0.95 },
            { x: 50, y: 128, text: 'Drywall replacement', confidence: 0.95 },
            ...quantity,
            { x: 420, y: 128, text: '$761.10', confidence: 0.95 },
            { x: 300, y: 146, text: 'Net Amount', confidence: 0.95 },
            { x: 420, y: 146, text: '$1640.94', confidence: 0.95 },
            { x: 300, y: 160, text: 'Tax Due', confidence: 0.95 },
            { x: 420, y: 160, text: '$82.05', confidence: 0.95 },
          ],
          1,
          'ocr',
        ),
      ),
    ).map((t) => t.rows);

  it('ends the table at a summary line when OCR was unsure of one cell above it (a "5" read as "H")', () => {
    expect(summedRows([{ x: 300, y: 128, text: 'H', confidence: 0.38 }])).toEqual([3]);
    // Read sure of, a word where the column held numbers is a caption: the rows go on.
    expect(summedRows([{ x: 300, y: 128, text: 'ea', confidence: 0.95 }])).not.toEqual([3]);
  });

  it('ends the table at a summary line when OCR read a cell above it as junk it was partly unsure of', () => {
    // A harsh scan of draw 7029: a quantity read "o wu", at 0.73 and 0.21.
    expect(
      summedRows([
        { x: 300, y: 128, text: 'o', confidence: 0.73 },
        { x: 308, y: 128, text: 'wu', confidence: 0.21 },
      ]),
    ).toEqual([3]);
    // Read sure of, the same few letters are text of the column: the rows go on.
    expect(
      summedRows([
        { x: 300, y: 128, text: 'o', confidence: 0.93 },
        { x: 308, y: 128, text: 'wu', confidence: 0.91 },
      ]),
    ).not.toEqual([3]);
  });

  it('ends the table at a summary line when OCR lost a few cells of its column above it', () => {
    const rows = (quantities: readonly string[]): PlacedText[] => [
      { x: 50, y: 100, text: 'Item' },
      { x: 300, y: 100, text: 'Qty' },
      { x: 420, y: 100, text: 'Net' },
      ...['Roof shingles', 'Drywall replacement', 'Gutter replacement'].flatMap((item, i) => [
        { x: 50, y: 114 + i * 14, text: item, confidence: 0.95 },
        ...(quantities[i]
          ? [{ x: 300, y: 114 + i * 14, text: quantities[i], confidence: 0.95 }]
          : []),
        { x: 420, y: 114 + i * 14, text: `$${i + 1}61.10`, confidence: 0.95 },
      ]),
      { x: 300, y: 160, text: 'Net Amount', confidence: 0.95 },
      { x: 420, y: 160, text: '$1483.30', confidence: 0.95 },
    ];
    const rowsOf = (quantities: readonly string[]) =>
      detectTables(groupLines(makePage(rows(quantities), 1, 'ocr'))).map((t) => t.rows);
    // The quantity of the second row lost: the column still holds values in most rows.
    expect(rowsOf(['6', '', '3'])).toEqual([4]);
    // A lone digit read sure as a letter: no caption either.
    expect(rowsOf(['6', 'T', '3'])).toEqual([4]);
    // Most of the column lost (a scan's narrow quantities): the caption with its figure after
    // it is still the totals line.
    expect(rowsOf(['6', '', ''])).toEqual([4]);
    // A word read sure where the column held numbers is text of the column: the rows go on.
    expect(rowsOf(['6', 'box', '3'])).not.toEqual([4]);
  });

  it('leaves out of a row a speck OCR read unsure of that stands under no column', () => {
    const tables = detectTables(
      groupLines(
        makePage(
          [
            { x: 50, y: 100, text: 'Claim ID' },
            { x: 200, y: 100, text: 'Status' },
            { x: 350, y: 100, text: 'Paid' },
            { x: 50, y: 114, text: '23-96924-A0', confidence: 0.9 },
            { x: 200, y: 114, text: 'Closed', confidence: 0.95 },
            { x: 350, y: 114, text: 'USD 11,558.66', confidence: 0.95 },
            { x: 5, y: 128, text: 'i', confidence: 0.33 },
            { x: 50, y: 128, text: 'CLM-2023-998186', confidence: 0.9 },
            { x: 200, y: 128, text: 'Open', confidence: 0.95 },
            { x: 350, y: 128, text: 'USD 5,866.48', confidence: 0.95 },
            { x: 50, y: 142, text: '23-30998-GR', confidence: 0.9 },
            { x: 200, y: 142, text: 'Closed', confidence: 0.95 },
            { x: 350, y: 142, text: 'USD 9,719.21', confidence: 0.95 },
          ],
          1,
          'ocr',
        ),
      ),
    );
    expect(tables.map(grid)).toEqual([
      [
        ['Claim ID', 'Status', 'Paid'],
        ['23-96924-A0', 'Closed', 'USD 11,558.66'],
        ['CLM-2023-998186', 'Open', 'USD 5,866.48'],
        ['23-30998-GR', 'Closed', 'USD 9,719.21'],
      ],
    ]);
  });

  it('reads no table in the rows of a caption/answer grid', () => {
    const tables = detectTables(
      groupLines(
        makePage([
          { x: 30, y: 100, text: 'Our Ref' },
          { x: 180, y: 100, text: '2426576NR' },
          { x: 30, y: 114, text: 'DOL' },
          { x: 180, y: 114, text: '02/17/2024' },
          { x: 30, y: 128, text: 'Account Name' },
          { x: 180, y: 128, text: 'Hiroshi Thompson' },
          { x: 30, y: 142, text: 'Approximate Loss' },
          { x: 180, y: 142, text: '$36,118.83' },
          { x: 30, y: 156, text: 'Policy No.' },
          { x: 180, y: 156, text: 'PA2022905030' },
        ]),
      ),
    );
    expect(tables).toEqual([]);
  });

  it('reads no table headed by a caption/answer grid’s first line answered with a tick mark', () => {
    // A notice of loss of draw 7032: the question and its marked answer opened the grid and
    // were read as a table's header over the pairs under it.
    const grid = (mark: string): PlacedText[] => [
      { x: 50, y: 100, text: 'Police Notified' },
      { x: 180, y: 100, text: `${mark} Yes` },
      { x: 240, y: 100, text: 'No' },
      { x: 50, y: 114, text: 'Loss Address' },
      { x: 180, y: 114, text: '3623 Oak Ave, Tucson, AZ 85701' },
      { x: 50, y: 128, text: 'Estimated Amount' },
      { x: 180, y: 128, text: '$9,084.15' },
      { x: 50, y: 142, text: 'Telephone' },
      { x: 180, y: 142, text: '(269) 428-4913' },
    ];
    expect(detectTables(groupLines(makePage(grid('X'))))).toEqual([]);
    // Options with no mark are a header's captions: the rows under them still make a table.
    expect(detectTables(groupLines(makePage(grid('')))).length).toBe(1);
  });

  it('does not read lines of colon captions with their answers as a table', () => {
    const lines = groupLines(
      makePage([
        { x: 50, y: 100, text: 'Requested by: Karl Hutchison' },
        { x: 320, y: 100, text: 'Project Number: assigned later' },
        { x: 50, y: 116, text: 'Department: BD & SS' },
        { x: 320, y: 116, text: 'Date Submitted: 4/17/98' },
        { x: 50, y: 132, text: 'Phone Number: 7970' },
        { x: 320, y: 132, text: 'Date Required: 4/20/98' },
      ]),
    );
    expect(detectTables(lines)).toEqual([]);
  });
});

describe('detectTables on harsh scans', () => {
  const body: PlacedText[] = [
    { x: 50, y: 114, text: 'Loss of Use', confidence: 0.9 },
    { x: 250, y: 114, text: '$500000.00', confidence: 0.9 },
    { x: 420, y: 114, text: '$354.40', confidence: 0.9 },
    { x: 50, y: 128, text: 'Dwelling', confidence: 0.9 },
    { x: 250, y: 128, text: '$250000.00', confidence: 0.9 },
    { x: 420, y: 128, text: '$780.85', confidence: 0.9 },
  ];

  it('reads the tail of a cell set on a line of its own under it as that cell’s, and goes on', () => {
    // A harsh scan of draw 7031: `22-69346-` in its row and `7H` a line lower, under its end.
    const row = (y: number, claim: string, paid: string): PlacedText[] => [
      { x: 50, y, text: claim, confidence: 0.9 },
      { x: 180, y, text: '05/11/2019', confidence: 0.9 },
      { x: 300, y, text: paid, confidence: 0.9 },
    ];
    const page = (tailX: number) =>
      makePage(
        [
          { x: 50, y: 100, text: 'File No.', confidence: 0.9 },
          { x: 180, y: 100, text: 'Loss Date', confidence: 0.9 },
          { x: 300, y: 100, text: 'Paid', confidence: 0.9 },
          ...row(114, '24-31292-ZQ', '$1,200.00'),
          ...row(128, '24-18398-IN', '$2,400.00'),
          ...row(142, '22-69346-', '$3,100.00'),
          { x: tailX, y: 151, text: '7H', confidence: 0.6 },
          ...row(160, 'CLM-2024-270087', '$4,800.00'),
          ...row(174, 'CLM-2023-154754', '$5,500.00'),
        ],
        1,
        'ocr',
      );
    const claims = (tailX: number) =>
      grid(detectTables(groupLines(page(tailX)))[0]).map((r) => r[0]);
    expect(claims(98)).toEqual([
      'File No.',
      '24-31292-ZQ',
      '24-18398-IN',
      '22-69346- 7H',
      'CLM-2024-270087',
      'CLM-2023-154754',
    ]);
    // Under no cell of the row above, the piece is no tail: the table ends above it.
    expect(claims(480)).toHaveLength(4);
  });

  it('finds a header whose captions OCR read with noise between them', () => {
    const tables = detectTables(
      groupLines(
        makePage(
          [
            { x: 50, y: 100, text: 'Coverage Part', confidence: 0.9 },
            { x: 170, y: 100, text: 'ee', confidence: 0.2 },
            { x: 250, y: 100, text: 'Limits', confidence: 0.9 },
            { x: 420, y: 100, text: 'Charge', confidence: 0.9 },
            ...body,
          ],
          1,
          'ocr',
        ),
      ),
    );
    expect(tables.map((t) => grid(t)[0])).toEqual([['Coverage Part', 'Limits', 'Charge']]);
  });

  it('heads the table with the lower line of a two-line header whose upper line was read first', () => {
    const tables = detectTables(
      groupLines(
        makePage(
          [
            { x: 50, y: 88, text: 'COVERAGE', confidence: 0.9 },
            { x: 250, y: 88, text: 'AMOUNT OF', confidence: 0.9 },
            { x: 50, y: 100, text: 'PART', confidence: 0.9 },
            { x: 250, y: 100, text: 'INSURANCE', confidence: 0.9 },
            { x: 420, y: 100, text: 'COST', confidence: 0.9 },
            ...body,
          ],
          1,
          'ocr',
        ),
      ),
    );
    expect(tables.map((t) => grid(t)[0])).toEqual([
      ['COVERAGE PART', 'AMOUNT OF INSURANCE', 'COST'],
    ]);
  });

  /** One line of a scan's columns (at x 50, 250 and 420 unless given), each word read at 0.9. */
  const scannedRow = (
    y: number,
    texts: readonly string[],
    columns: readonly number[] = [50, 250, 420],
  ): PlacedText[] => texts.map((text, c) => ({ x: columns[c], y, text, confidence: 0.9 }));
  const scannedTables = (placed: readonly PlacedText[]) =>
    detectTables(groupLines(makePage(placed, 1, 'ocr')));
  const firstColumn = (tables: ReturnType<typeof detectTables>) =>
    tables.map((t) => grid(t).map((r) => r[0]));

  it('reads on past a line of noise alone between two rows, under a column of dates', () => {
    const columns = [50, 170, 300];
    const tables = scannedTables([
      ...scannedRow(100, ['Claim', 'Date', 'Paid'], columns),
      ...scannedRow(114, ['CLM-1', '5/25/23', '21,222.20'], columns),
      ...scannedRow(128, ['CLM-2', '7/6/20', '3,425.17'], columns),
      ...scannedRow(142, ['CLM-3', '4/22/19', '11,744.11'], columns),
      { x: 172, y: 151, text: 'AID)', confidence: 0.19 },
      ...scannedRow(160, ['CLM-4', '1/22/19', '9,200.00'], columns),
      ...scannedRow(174, ['CLM-5', '2/12/21', '1,200.00'], columns),
    ]);
    expect(firstColumn(tables)).toEqual([['Claim', 'CLM-1', 'CLM-2', 'CLM-3', 'CLM-4', 'CLM-5']]);
    expect(grid(tables[0])[3][1]).toBe('4/22/19');
  });

  it('passes over a speck read as a figure between the header and the first row', () => {
    const columns = [50, 250, 420];
    const placed = (speck: PlacedText) =>
      scannedTables([
        ...scannedRow(100, ['Description', 'Excess', 'Charge'], columns),
        // Half as tall as the header's text, read sure enough (a harsh scan of draw 7022).
        speck,
        ...scannedRow(116, ['Personal Property', '2,500.00', '567.11'], columns),
        ...scannedRow(130, ['Loss of Use', '250.00', '717.03'], columns),
        ...scannedRow(144, ['Dwelling', '250.00', '361.88'], columns),
      ]);
    const speck = placed({ x: 300, y: 110, text: '2', size: 5, confidence: 0.66 });
    expect(firstColumn(speck)).toEqual([
      ['Description', 'Personal Property', 'Loss of Use', 'Dwelling'],
    ]);
    // A figure of the text's own size there is a line of print, and the table is read without it.
    const printed = placed({ x: 300, y: 108, text: '2', size: 10, confidence: 0.66 });
    expect(firstColumn(printed)).not.toContainEqual([
      'Description',
      'Personal Property',
      'Loss of Use',
      'Dwelling',
    ]);
  });

  it('reads a caption whose O OCR read as a 0 as a header caption', () => {
    const tables = scannedTables([...scannedRow(100, ['Claim', 'Paid', '0IS Reserve']), ...body]);
    expect(tables.map((t) => grid(t)[0])).toEqual([['Claim', 'Paid', '0IS Reserve']]);
  });

  it('reads a caption whose slash OCR read as a lone 1 as a header caption', () => {
    // A harsh scan of draw 7035: "Part / Labor" read "Part 1 Labor", and the line above the
    // header was taken for the table's first row.
    const tables = scannedTables([
      ...scannedRow(86, ['Serial No.', 'Bill Number INV-98244']),
      ...scannedRow(100, ['Part 1 Labor', 'Units', 'Price']),
      ...body,
    ]);
    expect(tables.map((t) => grid(t)[0])).toEqual([['Part 1 Labor', 'Units', 'Price']]);
  });

  it('reads a header holding a speck OCR read as a figure as a header', () => {
    // A harsh scan of draw 7033: `3` at 0.44, an eighth of the captions' height, before `inc.
    // Total` (a fifth here, where the line grouping keeps it).
    const header = (figure: PlacedText) =>
      scannedTables([...scannedRow(100, ['Claim', 'Paid', 'inc. Total']), figure, ...body]);
    const speck = header({ x: 410, y: 104, text: '3', size: 2, confidence: 0.44 });
    expect(speck.map((t) => grid(t).length)).toEqual([3]);
    // Read surely, or as tall as the letters (an empty tick box read `0`), the figure is print.
    for (const figure of [
      { x: 410, y: 104, text: '3', size: 2, confidence: 0.9 },
      { x: 410, y: 100, text: '0', confidence: 0.44 },
    ]) {
      expect(header(figure).map((t) => grid(t).length)).not.toEqual([3]);
    }
  });

  it('takes no caption/answer line a few lines above a skewed header for its first line', () => {
    const angle = (3 * Math.PI) / 180;
    const placed = (text: string, x: number, y: number) => ({
      x,
      y: y + x * Math.tan(angle),
      text,
      confidence: 0.95,
    });
    const prose = ['the side panels were spray painted during', 'the night and the police came'];
    const page = makePage(
      [
        placed('Insured Party', 40, 100),
        placed('Derek Novak', 180, 100),
        ...['Claim', 'Date', 'Status', 'Paid'].map((text, c) => placed(text, 40 + c * 140, 140)),
        ...[0, 1, 2].flatMap((r) =>
          [`CL-${r}`, `0${r + 1}/02/24`, 'Open', `$${r + 1}00.00`].map((text, c) =>
            placed(text, 40 + c * 140, 158 + r * 18),
          ),
        ),
        ...prose.flatMap((line, r) => {
          let x = 40;
          return line.split(' ').map((word) => {
            const at = placed(word, x, 260 + r * 18);
            x += word.length * 5.5 + 3;
            return at;
          });
        }),
      ],
      1,
      'ocr',
    );
    const tables = detectTables(groupLines(page));
    expect(tables.map((t) => grid(t)[0])).toEqual([['Claim', 'Date', 'Status', 'Paid']]);
  });

  it('joins a value read on a line of its own to the row under it that lacks it', () => {
    const tables = scannedTables([
      ...scannedRow(96, ['Item', 'Each', 'Charge']),
      ...scannedRow(114, ['Frame labor', '58.00', '290.00']),
      ...scannedRow(128, ['Refinish labor', '55.00', '330.00']),
      ...scannedRow(142, ['Windshield', '890.50', '890.50']),
      ...scannedRow(154, ['433.60'], [420]),
      ...scannedRow(164, ['Radiator support']),
      ...scannedRow(178, ['Grille assembly', '147.01', '147.01']),
    ]);
    expect(tables.map((t) => grid(t).slice(1))).toEqual([
      [
        ['Frame labor', '58.00', '290.00'],
        ['Refinish labor', '55.00', '330.00'],
        ['Windshield', '890.50', '890.50'],
        ['Radiator support', '', '433.60'],
        ['Grille assembly', '147.01', '147.01'],
      ],
    ]);
  });

  it('leaves out a value on a line of its own that the rows on either side both lack', () => {
    const tables = scannedTables([
      ...scannedRow(72, ['Claim', 'Paid', 'Total']),
      ...scannedRow(86, ['CL-A', '1,000.00', '1,500.00']),
      ...scannedRow(100, ['CL-B', '2,000.00', '2,500.00']),
      ...scannedRow(114, ['CL-1', '23,748.12']),
      ...scannedRow(126, ['46,592.11'], [420]),
      ...scannedRow(136, ['CL-2', '4,000.00']),
    ]);
    expect(tables.map((t) => grid(t).slice(1))).toEqual([
      [
        ['CL-A', '1,000.00', '1,500.00'],
        ['CL-B', '2,000.00', '2,500.00'],
        ['CL-1', '23,748.12', ''],
        ['CL-2', '4,000.00', ''],
      ],
    ]);
  });

  it('passes over a piece of a figure set on a line of its own, level with the rows it lies between', () => {
    // A harsh scan of draw 7024 read "USD13,018.18" as "usm 18" in its row and "3,018." apart.
    const tables = scannedTables([
      ...scannedRow(72, ['Claim', 'Paid', 'Total']),
      ...scannedRow(86, ['CL-A', '1,000.00', '1,500.00']),
      ...scannedRow(100, ['CL-B', '2,000.00', '2,500.00']),
      ...scannedRow(114, ['CL-C', '3,000.00', '18']),
      { x: 440, y: 123, text: '3,018.', confidence: 0.6 },
      ...scannedRow(130, ['CL-D', '4,000.00', '4,500.00']),
      ...scannedRow(144, ['CL-E', '5,000.00', '5,500.00']),
    ]);
    expect(firstColumn(tables)).toEqual([['Claim', 'CL-A', 'CL-B', 'CL-C', 'CL-D', 'CL-E']]);
  });

  it('joins the rest of a row a skewed scan set on a line of its own to the row', () => {
    // A harsh scan of draw 7025: the first row's incurred read under its end with a speck,
    // "ee uso 23,176.69", which ended the table as a totals line.
    const columns = [50, 250, 350, 420];
    const tables = scannedTables([
      ...scannedRow(72, ['Claim', 'Paid', 'Open', 'Total'], columns),
      ...scannedRow(86, ['CL-A', '1,000.00', '0.00'], columns),
      { x: 352, y: 93, text: 'ee', confidence: 0.4 },
      { x: 420, y: 93, text: 'uso 1,000.00', confidence: 0.9 },
      ...scannedRow(104, ['CL-B', '2,000.00', '500.00', '2,500.00'], columns),
      ...scannedRow(118, ['CL-C', '3,000.00', '0.00', '3,000.00'], columns),
    ]);
    expect(tables.map((t) => grid(t).slice(1))).toEqual([
      [
        ['CL-A', '1,000.00', '0.00', 'uso 1,000.00'],
        ['CL-B', '2,000.00', '500.00', '2,500.00'],
        ['CL-C', '3,000.00', '0.00', '3,000.00'],
      ],
    ]);
  });

  it('keeps a column of figures whose caption OCR lost, captionless', () => {
    // A harsh scan of draw 7024 lost "COST" over a declarations table's premiums.
    const columns = [50, 250, 350, 450];
    const tables = scannedTables([
      ...scannedRow(72, ['Coverages', 'Limits', 'Ded.'], columns),
      ...scannedRow(86, ['Medical Payments', '50,000.00', '1,000.00'], columns),
      ...scannedRow(100, ['Uninsured Motorist', '100,000.00', '1,000.00', '414.84'], columns),
      ...scannedRow(114, ['Comprehensive', '5,000.00', '500.00', '46.20'], columns),
      ...scannedRow(128, ['Towing and Labor', '5,000.00', '2,500.00', '614.08'], columns),
    ]);
    expect(tables.map((t) => grid(t))).toEqual([
      [
        ['Coverages', 'Limits', 'Ded.', ''],
        ['Medical Payments', '50,000.00', '1,000.00', ''],
        ['Uninsured Motorist', '100,000.00', '1,000.00', '414.84'],
        ['Comprehensive', '5,000.00', '500.00', '46.20'],
        ['Towing and Labor', '5,000.00', '2,500.00', '614.08'],
      ],
    ]);
    expect(tables[0].cells.filter((c) => c.isHeader)).toHaveLength(3);
  });

  it('ends a table of a few rows at a noise line, as a form does', () => {
    const afterNoise = scannedTables([
      ...scannedRow(100, ['Claim', 'Paid', 'Total']),
      ...scannedRow(114, ['CL-1', '1,000.00', '1,500.00']),
      ...scannedRow(128, ['CL-2', '2,000.00', '2,500.00']),
      { x: 252, y: 137, text: 'ee', confidence: 0.2 },
      ...scannedRow(146, ['Form 12', '7/1/85', 'Page 2']),
    ]);
    expect(firstColumn(afterNoise)).toEqual([['Claim', 'CL-1', 'CL-2']]);
  });

  it('takes no caption with its figure for a piece of the row under it', () => {
    const captioned = scannedTables([
      ...scannedRow(100, ['Claim', 'Paid', 'Total']),
      ...scannedRow(114, ['CL-1', '1,000.00', '1,500.00']),
      ...scannedRow(128, ['CL-2', '2,000.00', '2,500.00']),
      ...scannedRow(142, ['CL-3', '3,000.00', '3,500.00']),
      ...scannedRow(154, ['Fax: 555-1234'], [420]),
      ...scannedRow(164, ['Remarks']),
    ]);
    expect(firstColumn(captioned)).toEqual([['Claim', 'CL-1', 'CL-2', 'CL-3']]);
  });

  it('takes a short unsure phrase for noise, but not an abbreviated caption or an amount', () => {
    const phrase = (text: string, confidence: number) =>
      splitSegments(groupLines(makePage([{ x: 50, y: 100, text, confidence }], 1, 'ocr'))[0])[0];
    expect(isNoisePhrase(phrase('ee', 0.2))).toBe(true);
    expect(isNoisePhrase(phrase('ee', 0.9))).toBe(false);
    expect(isNoisePhrase(phrase('DED.', 0.2))).toBe(false);
    expect(isNoisePhrase(phrase('$12', 0.2))).toBe(false);
  });
});
