import type { FieldSchema } from '../schema/field-schema.types';
import { makePage, type PlacedText } from '../testing/text-page.fixture';
import { extractDocumentFields } from './field-extractor';

/** A first-time schema: plain column labels, none printed as such over the table. */
const schema: FieldSchema = {
  fields: [
    {
      key: 'claims',
      type: 'table',
      columns: [
        { key: 'claim_number', type: 'string', label: 'Claim Number' },
        { key: 'loss_date', type: 'date', label: 'Loss Date' },
        { key: 'paid', type: 'money', label: 'Paid' },
        { key: 'incurred', type: 'money', label: 'Incurred' },
      ],
    },
  ],
};

/** A loss run's header (captions the schema does not print) over rows 18 points apart. */
function lossRunTable(rows: ReadonlyArray<readonly string[]>): PlacedText[] {
  const columns = [50, 200, 330, 450];
  return [
    ...['File ID', 'Accident Date', 'Amount Paid', 'Inc. Total'].map((text, c) => ({
      x: columns[c],
      y: 120,
      text,
    })),
    ...rows.flatMap((cells, r) =>
      cells.map((text, c) => ({ x: columns[c], y: 140 + r * 18, text })),
    ),
  ];
}

describe('tables matched by meaning to the layout tables', () => {
  const rows = [
    ['CLM-2024-528983', '11/30/2024', '1,469.16', '10,831.60'],
    ['CLM-2023-643529', '04/11/2021', '14,696.43', '14,696.43'],
    ['22-71115-JM', '05/01/2024', '5,060.78', '32,980.94'],
  ];
  const page = makePage([
    { x: 50, y: 60, text: 'CLAIMS HISTORY', size: 16 },
    ...lossRunTable(rows),
    { x: 50, y: 140 + 3 * 18, text: 'Totals' },
    { x: 330, y: 140 + 3 * 18, text: '21,226.37' },
    { x: 450, y: 140 + 3 * 18, text: '58,508.97' },
  ]);
  const [claims] = extractDocumentFields({ pages: [page] }, schema);

  it('reads every row under headers that share the columns meaning, totals kept apart', () => {
    expect(claims.value).toEqual([
      {
        claim_number: 'CLM-2024-528983',
        loss_date: '2024-11-30',
        paid: { amount: 1469.16, currency: 'USD' },
        incurred: { amount: 10831.6, currency: 'USD' },
      },
      {
        claim_number: 'CLM-2023-643529',
        loss_date: '2021-04-11',
        paid: { amount: 14696.43, currency: 'USD' },
        incurred: { amount: 14696.43, currency: 'USD' },
      },
      {
        claim_number: '22-71115-JM',
        loss_date: '2024-05-01',
        paid: { amount: 5060.78, currency: 'USD' },
        incurred: { amount: 32980.94, currency: 'USD' },
      },
    ]);
  });

  it('is flagged for review and grounded cell by cell', () => {
    expect(claims.doubts?.[0]).toMatch(/^table columns matched by meaning: /);
    expect(claims.confidence).toBeLessThanOrEqual(0.8);
    expect(claims.rows?.[0].cells.paid.grounding?.page).toBe(1);
  });
});

describe('table columns no header names, placed by what their cells hold', () => {
  const invoice: FieldSchema = {
    fields: [
      {
        key: 'line_items',
        type: 'table',
        columns: [
          { key: 'description', type: 'string', label: 'Description' },
          { key: 'quantity', type: 'number', label: 'Qty' },
          { key: 'unit_price', type: 'money', label: 'Unit Price' },
          { key: 'amount', type: 'money', label: 'Amount' },
        ],
      },
    ],
  };
  const lines = [
    ['Gutter replacement', '3', '$907.02', '$2,721.06'],
    ['Water extraction', '4', '$160.76', '$643.04'],
    ['Carpet pad', '10', '$122.68', '$1,226.80'],
  ];
  const page = (captions: readonly string[]) =>
    makePage([
      ...captions.map((text, c) => ({ x: [50, 260, 340, 450][c], y: 120, text })),
      ...lines.flatMap((cells, r) =>
        cells.map((text, c) => ({ x: [50, 260, 340, 450][c], y: 140 + r * 18, text })),
      ),
      { x: 340, y: 210, text: 'Goods Total' },
      { x: 450, y: 210, text: '$4,590.90' },
    ]);

  it('reads every column in the schema order when no header shares its words', () => {
    const [items] = extractDocumentFields(
      { pages: [page(['Work Performed', 'Count', 'Per Unit', 'Line Total'])] },
      invoice,
    );
    expect(items.value).toEqual([
      {
        description: 'Gutter replacement',
        quantity: 3,
        unit_price: { amount: 907.02, currency: 'USD' },
        amount: { amount: 2721.06, currency: 'USD' },
      },
      {
        description: 'Water extraction',
        quantity: 4,
        unit_price: { amount: 160.76, currency: 'USD' },
        amount: { amount: 643.04, currency: 'USD' },
      },
      {
        description: 'Carpet pad',
        quantity: 10,
        unit_price: { amount: 122.68, currency: 'USD' },
        amount: { amount: 1226.8, currency: 'USD' },
      },
    ]);
    expect(items.doubts?.[0]).toMatch(/by what its cells hold and the column order/);
    expect(items.confidence).toBeLessThan(0.5);
  });

  /** The page's first row, read into the schema's columns. */
  const GUTTER_ROW = {
    description: 'Gutter replacement',
    quantity: 3,
    unit_price: { amount: 907.02, currency: 'USD' },
    amount: { amount: 2721.06, currency: 'USD' },
  };

  it('keeps the order around a column a header does name', () => {
    const [items] = extractDocumentFields(
      { pages: [page(['Work Performed', 'Count', 'Unit Price', 'Line Total'])] },
      invoice,
    );
    const [first] = items.value as Array<Record<string, unknown>>;
    expect(first).toEqual(GUTTER_ROW);
    expect(items.doubts?.[0]).toContain('unit_price = "Unit Price", ');
  });

  it('drops a header sharing one word with a column when it keeps the others from their place', () => {
    // "Units" shares "unit" with "Unit Price", but its cells are counts and taking it for the
    // price leaves the quantity no room in the schema's order.
    const [items] = extractDocumentFields(
      { pages: [page(['Item', 'Units', 'Rate', 'Ext. Price'])] },
      invoice,
    );
    const [first] = items.value as Array<Record<string, unknown>>;
    expect(first).toEqual(GUTTER_ROW);
    expect(items.doubts?.[0]).toContain('quantity = "Units" (by what its cells hold');
  });

  it('leaves a table alone when the cells fit too few of the columns', () => {
    const [items] = extractDocumentFields(
      {
        pages: [
          makePage([
            { x: 50, y: 120, text: 'Step' },
            { x: 300, y: 120, text: 'Note' },
            { x: 50, y: 140, text: 'Inspect roof' },
            { x: 300, y: 140, text: 'done 3 times' },
            { x: 50, y: 158, text: 'Dry walls' },
            { x: 300, y: 158, text: 'pending' },
          ]),
        ],
      },
      invoice,
    );
    expect(items.value).toBeNull();
  });
  describe('tables found without a header row', () => {
    const items = [
      ['Fender LH', '2', '$182.55', '$365.10'],
      ['Headlamp assembly', '1', '$949.03', '$949.03'],
      ['Hood panel', '2', '$498.34', '$996.68'],
    ];
    // An OCR page whose shaded header band came back as nothing: the rows alone.
    const page = makePage(
      [
        { x: 50, y: 60, text: 'TAX INVOICE', size: 16, confidence: 0.9 },
        ...items.flatMap((cells, r) =>
          cells.map((text, c) => ({
            x: [50, 300, 380, 480][c],
            y: 120 + r * 16,
            text,
            confidence: 0.9,
          })),
        ),
      ],
      1,
      'ocr',
    );
    const [table] = extractDocumentFields({ pages: [page] }, invoice);

    it('matches the columns by what their values are and their order', () => {
      const usd = (text: string) => ({ amount: Number(text.slice(1)), currency: 'USD' });
      expect(table.value).toEqual(
        items.map(([description, quantity, unitPrice, amount]) => ({
          description,
          quantity: Number(quantity),
          unit_price: usd(unitPrice),
          amount: usd(amount),
        })),
      );
    });

    it('says it read no header, and trusts the reading little', () => {
      expect(table.doubts?.[0]).toMatch(/^columns matched by their values, no header read: /);
      expect(table.doubts?.[0]).toContain('amount = column 4');
      expect(table.confidence).toBeLessThan(0.5);
    });
  });
});

describe('a date column read from a fax-like scan', () => {
  it('reads a date whose slashes OCR read as strokes, in doubt, as the column prints dates', () => {
    const rows = [
      ['CLM-2024-528983', '11/30/24', '1,469.16', '10,831.60'],
      ['CLM-2023-643529', '716/21', '14,696.43', '14,696.43'],
      ['22-71115-JM', '5/1/24', '5,060.78', '32,980.94'],
    ];
    const page = makePage(lossRunTable(rows), 1, 'ocr');
    const [claims] = extractDocumentFields({ pages: [page] }, schema);
    expect((claims.value as Array<Record<string, unknown>>).map((r) => r.loss_date)).toEqual([
      '2024-11-30',
      '2021-07-06',
      '2024-05-01',
    ]);
    const [, restored] = claims.rows!;
    expect(restored.cells.loss_date.confidence).toBeLessThan(0.7);
  });
});

describe('a money cell whose cents OCR lost', () => {
  const page = makePage([
    ...lossRunTable([
      ['CLM-2024-528983', '11/30/2024', '1,469.16', '10,831.60'],
      ['CLM-2023-643529', '04/11/2021', '$11,577.', '14,696.43'],
      ['22-71115-JM', '05/01/2024', '5,060.78', '32,980.94'],
    ]),
  ]);
  const [claims] = extractDocumentFields({ pages: [page] }, schema);

  // A harsh scan of draw 7024 read $11,577.25 as "$11,577.", carried at the column's 0.80.
  it('keeps the whole dollars read, at half the confidence of the figures beside it', () => {
    const [first, cut] = claims.rows ?? [];
    expect(cut.cells.paid.value).toEqual({ amount: 11577, currency: 'USD' });
    expect(cut.cells.paid.confidence).toBeCloseTo(first.cells.paid.confidence / 2, 5);
  });
});
