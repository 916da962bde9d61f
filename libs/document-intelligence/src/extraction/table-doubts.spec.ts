import { analysePages } from '../layout/analysed-page';
import { learnLayout } from '../memory/layout-memory';
import { reviewedTableOf } from '../memory/table-locator';
import type { ExtractedField, ExtractedRow, ScalarValue } from '../schema/extraction-result.types';
import type {
  FieldSchema,
  TableColumnDefinition,
  TableFieldDefinition,
} from '../schema/field-schema.types';
import { makePage, type PlacedText } from '../testing/text-page.fixture';
import { groupLines } from '../text-layer/line-grouper';
import { validateFields } from '../validation/field-validator';
import { extractDocumentFields } from './field-extractor';
import {
  columnsAddingUp,
  emptyAmongFilled,
  HEADERLESS_READING,
  oddlyFormedNumbers,
  oddlyShapedCells,
  tableDoubts,
  totalsColumn,
} from './table-doubts';
import { extractTable } from './table-extractor';

const lineItems: TableFieldDefinition = {
  key: 'line_items',
  type: 'table',
  columns: [
    { key: 'description', type: 'string', label: 'Description' },
    { key: 'quantity', type: 'number', label: 'Qty' },
    { key: 'amount', type: 'money', label: 'Amount' },
  ],
};

const header: PlacedText[] = [
  { x: 50, y: 120, text: 'Description' },
  { x: 300, y: 120, text: 'Qty' },
  { x: 500, y: 120, text: 'Amount' },
];

function row(y: number, description: string, qty: string, amount: string): PlacedText[] {
  return [
    { x: 50, y, text: description },
    { x: 300, y, text: qty },
    { x: 540 - amount.length * 5.5, y, text: amount },
  ];
}

const rows: PlacedText[] = [
  ...row(136, 'Front bumper cover', '1', '$420.00'),
  ...row(150, 'Paint and materials', '3', '$217.00'),
  ...row(164, 'Headlamp assembly', '2', '$361.00'),
];

function doubtsOf(runs: readonly PlacedText[], field = lineItems): string[] {
  const lines = groupLines(makePage(runs));
  const { field: table } = extractTable(field, lines, { fuzzy: false });
  return tableDoubts(field, table, lines);
}

/** A table field of the given columns, each labelled by its key. */
function tableOf(
  key: string,
  columns: ReadonlyArray<readonly [string, 'string' | 'number' | 'money' | 'date']>,
): TableFieldDefinition {
  return {
    key,
    type: 'table',
    columns: columns.map(([k, type]) => ({ key: k, type, label: k }) as TableColumnDefinition),
  };
}

/** Rows read surely, one printed text per column in the field's order. */
function readRows(
  field: TableFieldDefinition,
  texts: ReadonlyArray<readonly string[]>,
  valueOf: (text: string) => ScalarValue | null = (text) => text,
): ExtractedRow[] {
  return texts.map((row) => ({
    confidence: 0.9,
    cells: Object.fromEntries(
      field.columns.map((column, i) => [
        column.key,
        { value: valueOf(row[i]), text: row[i], confidence: 0.9 },
      ]),
    ),
  }));
}

/** The doubts of one table printed in a text layer, and of the same table read by OCR. */
function doubtsFromTextAndOcr(
  runs: readonly PlacedText[],
  field = lineItems,
): { text: string[]; ocr: string[] } {
  const lines = groupLines(makePage(runs));
  const { field: table } = extractTable(field, lines, { fuzzy: false });
  return {
    text: tableDoubts(field, table, lines),
    ocr: tableDoubts(field, table, lines, undefined, true),
  };
}

describe('tableDoubts', () => {
  it('has none for a whole table whose rows add up to its printed total', () => {
    const total = [
      { x: 400, y: 190, text: 'Total' },
      { x: 540 - 7 * 5.5, y: 190, text: '$998.00' },
    ];
    expect(doubtsOf([...header, ...rows, ...total])).toEqual([]);
  });

  it('names a configured column that is empty in every row', () => {
    // The amount column is printed under a header the configuration does not name.
    const page = [
      ...header.filter((h) => h.text !== 'Amount'),
      { x: 500, y: 120, text: 'Extension' },
      ...rows,
    ];
    const withThird: TableFieldDefinition = { ...lineItems, minHeaderMatches: 2 };
    expect(doubtsOf(page, withThird)).toEqual(['column amount empty in every row']);
  });

  it('names, read by OCR, a text cell whose words say OCR misread it', () => {
    // A scan of draw 7031: "Paint-and materials" at 0.86, straight through one-shot.
    const page = [
      ...header,
      ...row(136, 'Front bumper cover', '1', '$420.00'),
      ...row(150, 'Paint-and materials', '3', '$217.00'),
    ];
    expect(doubtsFromTextAndOcr(page)).toEqual({
      text: [],
      ocr: [
        'description: "Paint-and" joins a lone short word by a hyphen, a space misread in row 2',
      ],
    });
  });

  it('names the rows whose cells hold text that is not a value of the column', () => {
    const page = [...header, ...rows, ...row(178, 'Labour', 'three', '$90.00')];
    expect(doubtsOf(page)).toEqual(['quantity: text not read as a value in row 4']);
  });

  it('says when the totals line does not add up to the rows', () => {
    const total = [
      { x: 400, y: 190, text: 'Subtotal' },
      { x: 540 - 9 * 5.5, y: 190, text: '$1,359.00' },
    ];
    expect(doubtsOf([...header, ...rows, ...total])).toEqual([
      'totals line "Subtotal" prints 1359.00 but the rows\' amount add up to 998.00',
    ]);
  });

  const claims: TableFieldDefinition = {
    key: 'claims',
    type: 'table',
    columns: [
      { key: 'claim', type: 'string', label: 'Claim' },
      { key: 'paid', type: 'money', label: 'Paid' },
      { key: 'incurred', type: 'money', label: 'Incurred' },
    ],
  };
  /** Two claims, paid 300.00 and incurred 400.00 in all, and the totals lines under them. */
  const claimsPage = (...totals: ReadonlyArray<readonly [string, string]>): PlacedText[] => [
    { x: 50, y: 120, text: 'Claim' },
    { x: 300, y: 120, text: 'Paid' },
    { x: 500, y: 120, text: 'Incurred' },
    { x: 50, y: 136, text: 'CL-1' },
    { x: 300, y: 136, text: '$100.00' },
    { x: 500, y: 136, text: '$150.00' },
    { x: 50, y: 150, text: 'CL-2' },
    { x: 300, y: 150, text: '$200.00' },
    { x: 500, y: 150, text: '$250.00' },
    // Right-aligned at the margin, under the incurred column, whatever they total.
    ...totals.flatMap(([caption, amount], i) => [
      { x: 380, y: 180 + 16 * i, text: caption },
      { x: 500, y: 180 + 16 * i, text: amount },
    ]),
  ];

  it('compares a total with the column its caption names, wherever it stands', () => {
    const paid = ['Paid Total', '$300.00'] as const;
    expect(doubtsOf(claimsPage(paid, ['Incurred Total', '$400.00']), claims)).toEqual([]);
    expect(doubtsOf(claimsPage(paid, ['Incurred Total', '$450.00']), claims)).toEqual([
      'totals line "Incurred Total" prints 450.00 but the rows\' incurred add up to 400.00',
    ]);
  });

  it('takes a total that adds up to another column for that column’s, wherever it stands', () => {
    // In words no column shares, under the incurred column; it totals what was paid.
    expect(doubtsOf(claimsPage(['Total Payments', '$300.00']), claims)).toEqual([]);
    expect(doubtsOf(claimsPage(['Total Payments', '$350.00']), claims)).toEqual([
      'totals line "Total Payments" prints 350.00 but the rows\' incurred add up to 400.00',
    ]);
  });

  it('confirms a total field by the column its name names, when the rows add up to it', () => {
    const lines = groupLines(makePage(claimsPage()));
    const rows = extractTable(claims, lines, { fuzzy: false }).field.rows ?? [];
    const field = (key: string) => ({ key, type: 'money' as const });
    expect(totalsColumn(field('total_paid'), 300, claims, rows)?.key).toBe('paid');
    expect(totalsColumn(field('total_paid'), 400, claims, rows)).toBeNull();
    expect(totalsColumn(field('total_incurred'), 400, claims, rows)?.key).toBe('incurred');
    // A total naming no column, or a field that is no total, is not confirmed by a column.
    expect(totalsColumn(field('total'), 300, claims, rows)).toBeNull();
    expect(totalsColumn(field('paid'), 300, claims, rows)).toBeNull();
    expect(totalsColumn(field('total_paid'), 100, claims, rows.slice(0, 1))).toBeNull();
  });

  it('stops at the first amount line that is no total (a tax line)', () => {
    const lines = [
      { x: 400, y: 190, text: 'Tax' },
      { x: 540 - 6 * 5.5, y: 190, text: '$69.86' },
      { x: 400, y: 204, text: 'Total' },
      { x: 540 - 9 * 5.5, y: 204, text: '$1,067.86' },
    ];
    expect(doubtsOf([...header, ...rows, ...lines])).toEqual([]);
  });
});

describe('oddlyShapedCells', () => {
  const claims = tableOf('claims', [
    ['claim', 'string'],
    ['insured', 'string'],
  ]);
  const rowsOf = (values: ReadonlyArray<readonly [string, string]>) => readRows(claims, values);

  it('names the identifiers OCR misread into a shape no other row has', () => {
    const rows = rowsOf([
      ['CLM/2023/896805', 'Ann Lee'],
      ['22/01712/0L', 'Bo Li'],
      ['CLM/2024/720703', 'Dawson Logistics LLC'],
      ['23/29567/YW', 'Kim Park'],
      ['CLM/2023/248245', 'Eve Stone'],
      ['22/53879/ClI', 'Al Ray'],
      ['24/35790/UT', 'Jo Wu'],
    ]);
    expect([...oddlyShapedCells(claims, rows)]).toEqual([['claim', [2, 6]]]);
  });

  it('leaves alone a column whose identifiers share no shape (VINs) and text without digits', () => {
    const rows = rowsOf([
      ['1HGCM82633A004352', 'Ann Lee'],
      ['JKSW6SHXYPS01UVXV', 'Bo Li'],
      ['P94LDNSDP1F15449T', 'Kim Park'],
    ]);
    expect(oddlyShapedCells(claims, rows).size).toBe(0);
  });

  it('is a doubt only for a table read by OCR', () => {
    const paidClaims: TableFieldDefinition = {
      ...claims,
      columns: [...claims.columns, { key: 'paid', type: 'money', label: 'Paid' }],
    };
    const page: PlacedText[] = [
      { x: 50, y: 120, text: 'Claim' },
      { x: 250, y: 120, text: 'Insured' },
      { x: 450, y: 120, text: 'Paid' },
      ...['23/29567/YW', '22/53879/CI', '24/35790/UT', '22/01712/0L'].flatMap((claim, r) => [
        { x: 50, y: 136 + 14 * r, text: claim },
        { x: 250, y: 136 + 14 * r, text: 'Ann Lee' },
        { x: 450, y: 136 + 14 * r, text: '$100.00' },
      ]),
    ];
    expect(doubtsFromTextAndOcr(page, paidClaims)).toEqual({
      text: [],
      ocr: ['claim: shaped like no other value of the column in row 4'],
    });
  });
});

describe('a doubted table in validation', () => {
  it('sends the document to review with the reason, even when every cell read surely', () => {
    const schema: FieldSchema = { fields: [lineItems] };
    const page = makePage([
      ...header,
      ...rows.filter((r) => r.y !== 164),
      { x: 400, y: 190, text: 'Total' },
      { x: 540 - 7 * 5.5, y: 190, text: '$998.00' },
    ]);
    const extracted = extractDocumentFields({ documentId: 'd1', pages: [page] }, schema);
    const table = extracted[0];
    expect(table.rows?.every((r) => r.confidence > 0.9)).toBe(true);
    const result = validateFields(extracted, schema);
    expect(result.needsReview).toBe(true);
    expect(result.fields[0].flagReasons).toEqual([
      'totals line "Total" prints 998.00 but the rows\' amount add up to 637.00',
    ]);
  });

  it('lets a whole, adding-up table through', () => {
    const schema: FieldSchema = { fields: [lineItems] };
    const page = makePage([
      ...header,
      ...rows,
      { x: 400, y: 190, text: 'Total' },
      { x: 540 - 7 * 5.5, y: 190, text: '$998.00' },
    ]);
    const extracted = extractDocumentFields({ documentId: 'd1', pages: [page] }, schema);
    const result = validateFields(extracted, schema);
    expect(result.fields[0].flagReasons).toEqual([]);
    expect(result.needsReview).toBe(false);
  });
});

describe('a table read without a header row', () => {
  const lines = groupLines(makePage(rows));
  const reading = extractTable(lineItems, groupLines(makePage([...header, ...rows])), {
    fuzzy: false,
  }).field;
  const headerless = {
    ...reading,
    notes: [`${HEADERLESS_READING}: description = column 1, amount = column 3`],
  };

  it('stays in doubt when a reviewed layout dropped the reading’s own doubts', () => {
    expect(tableDoubts(lineItems, headerless, lines)).toContain(
      `${HEADERLESS_READING}: description = column 1, amount = column 3`,
    );
  });

  it('is not doubted twice for it', () => {
    const doubted = { ...headerless, doubts: [...headerless.notes] };
    expect(
      tableDoubts(lineItems, doubted, lines).filter((d) => d.startsWith(HEADERLESS_READING)),
    ).toEqual([]);
  });
});

describe('emptyAmongFilled', () => {
  const claims = tableOf('claims', [
    ['loss_date', 'date'],
    ['status', 'string'],
    ['paid', 'money'],
  ]);
  const rowsOf = (values: ReadonlyArray<readonly [string, string, string]>) =>
    readRows(claims, values, (text) => (text === '' ? null : text));

  it('names a date or text cell empty where every other row of its column holds a value', () => {
    const rows = rowsOf([
      ['2020-01-04', 'Open', '$10.00'],
      ['', 'Closed', ''],
      ['2020-03-09', 'Open', '$30.00'],
    ]);
    expect(emptyAmongFilled(claims, rows)).toEqual(new Map([['loss_date', [2]]]));
  });

  it('says nothing of a column with two blanks, or with too few rows to tell', () => {
    const rows = rowsOf([
      ['2020-01-04', '', '$10.00'],
      ['', 'Closed', '$20.00'],
      ['', '', '$30.00'],
    ]);
    expect(emptyAmongFilled(claims, rows)).toEqual(new Map());
    expect(emptyAmongFilled(claims, rows.slice(1, 3))).toEqual(new Map());
  });
});

describe('oddlyFormedNumbers', () => {
  const items = tableOf('line_items', [
    ['quantity', 'number'],
    ['amount', 'money'],
  ]);
  const rowsOf = (values: ReadonlyArray<readonly [string, string]>) =>
    readRows(items, values, (text) => (text === '' ? null : Number(text.replace(/[$,]/g, ''))));

  it('names a cell without the decimals every other row of its column prints', () => {
    const rows = rowsOf([
      ['2.5', '$120.00'],
      ['5', '$80.00'],
      ['1.0', '$45.10'],
    ]);
    expect(oddlyFormedNumbers(items, rows)).toEqual(
      new Map([['quantity', [{ row: 2, why: 'no decimals where every other row prints them' }]]]),
    );
  });

  it('names a lone digit among larger values and a cell empty in an otherwise full column', () => {
    const rows = rowsOf([
      ['12', '$1,120.00'],
      ['', '$2,080.00'],
      ['14', '$3,045.10'],
      ['10', '$9.50'],
    ]);
    expect(oddlyFormedNumbers(items, rows)).toEqual(
      new Map([
        ['quantity', [{ row: 2, why: 'empty where every other row has a value' }]],
        ['amount', [{ row: 4, why: 'one digit where every other row prints more' }]],
      ]),
    );
  });

  it("takes a zero printed with the column's decimals for a value (a closed claim's reserve)", () => {
    const rows = rowsOf([
      ['12', '$125.00'],
      ['14', '$0.00'],
      ['10', '$5,000.00'],
    ]);
    expect(oddlyFormedNumbers(items, rows)).toEqual(new Map());
  });

  it('lets a column of mixed forms and a column with several gaps be', () => {
    const mixed = rowsOf([
      ['1', '$120.00'],
      ['2.5', '$80.00'],
      ['10', '$45.10'],
    ]);
    expect(oddlyFormedNumbers(items, mixed)).toEqual(new Map());
    const gappy = rowsOf([
      ['', '$120.00'],
      ['', '$80.00'],
      ['3', '$45.10'],
      ['4', '$45.10'],
    ]);
    expect(oddlyFormedNumbers(items, gappy)).toEqual(new Map());
  });

  it('is a doubt of OCR-read tables only', () => {
    const runs = [
      ...header,
      ...row(136, 'Front bumper cover', '1.5', '$420.00'),
      ...row(150, 'Paint and materials', '3', '$217.00'),
      ...row(164, 'Headlamp assembly', '2.5', '$361.00'),
    ];
    expect(doubtsFromTextAndOcr(runs)).toEqual({
      text: [],
      ocr: ['quantity: no decimals where every other row prints them in row 2'],
    });
  });
});

describe('a column that adds up to its printed total', () => {
  const total: PlacedText[] = [
    { x: 400, y: 190, text: 'Total' },
    { x: 540 - 7 * 5.5, y: 190, text: '$998.00' },
  ];

  it('is named, and a column that does not add up is not', () => {
    const lines = groupLines(makePage([...header, ...rows, ...total]));
    const { field: table } = extractTable(lineItems, lines, { fuzzy: false });
    expect(columnsAddingUp(lineItems, table.rows ?? [], lines)).toEqual(['amount']);
    const short = groupLines(makePage([...header, ...rows.filter((r) => r.y !== 164), ...total]));
    const { field: shortTable } = extractTable(lineItems, short, { fuzzy: false });
    expect(columnsAddingUp(lineItems, shortTable.rows ?? [], short)).toEqual([]);
  });

  it('vouches for its cells where a reviewed layout placed the columns, OCR only middling sure', () => {
    const schema: FieldSchema = { fields: [lineItems] };
    const unsure = (runs: readonly PlacedText[]) => runs.map((r) => ({ ...r, confidence: 0.6 }));
    const page = makePage([...header, ...unsure(rows), ...total], 1, 'ocr');
    const document = { documentId: 'd1', pages: [page] };
    const amountsOf = (table: ExtractedField) =>
      (table.rows ?? []).map((r) => r.cells.amount.confidence);
    // Zero-shot the figures add up, but nothing says they stand in the right column.
    const [zeroShot] = extractDocumentFields(document, schema);
    expect(amountsOf(zeroShot).every((c) => c < 0.7)).toBe(true);
    const pages = analysePages([page]);
    const reviewed = reviewedTableOf(pages, 'line_items', [
      { description: 'Front bumper cover', quantity: 1, amount: { amount: 420, currency: 'USD' } },
      { description: 'Paint and materials', quantity: 3, amount: { amount: 217, currency: 'USD' } },
      { description: 'Headlamp assembly', quantity: 2, amount: { amount: 361, currency: 'USD' } },
    ])!;
    const memory = learnLayout(pages, [], [reviewed])!;
    const [oneShot] = extractDocumentFields(document, schema, { layoutMemories: [memory] });
    expect(amountsOf(oneShot).every((c) => c >= 0.9)).toBe(true);
    expect((oneShot.rows ?? []).every((r) => r.cells.quantity.confidence < 0.7)).toBe(true);
  });
});

describe('a configured column the rows print nothing in, as the reviewed layout can', () => {
  // Draw 7031: a coverage schedule whose deductible column is blank on some rows, sent to review
  // one-shot for reading it empty on a document that prints none, nothing under it.
  const schema: FieldSchema = { fields: [lineItems] };
  const twoColumns = (items: ReadonlyArray<readonly [string, string]>, extra = false) =>
    makePage([
      { x: 50, y: 120, text: 'Description' },
      { x: 500, y: 120, text: 'Amount' },
      ...items.flatMap(([description, amount], i) => [
        { x: 50, y: 136 + 14 * i, text: description },
        // A figure under no header: what may be the configured column, its header lost.
        ...(extra && i === 0 ? [{ x: 300, y: 136, text: '4' }] : []),
        { x: 540 - amount.length * 5.5, y: 136 + 14 * i, text: amount },
      ]),
    ]);
  const teacher = twoColumns([
    ['Front bumper cover', '$420.00'],
    ['Paint and materials', '$217.00'],
  ]);
  const analysed = analysePages([teacher]);
  const memory = learnLayout(
    analysed,
    [],
    [
      reviewedTableOf(analysed, 'line_items', [
        { description: 'Front bumper cover', amount: { amount: 420, currency: 'USD' } },
        { description: 'Paint and materials', amount: { amount: 217, currency: 'USD' } },
      ])!,
    ],
  )!;
  const items = [
    ['Rear door shell', '$980.00'],
    ['Mirror glass', '$64.50'],
  ] as const;
  const doubtsWith = (page: ReturnType<typeof makePage>, memories = [memory]) =>
    extractDocumentFields({ documentId: 'd2', pages: [page] }, schema, {
      layoutMemories: memories,
    })[0].doubts ?? [];

  it('is not doubted for reading empty, where the review taught the layout', () => {
    expect(doubtsWith(twoColumns(items))).not.toContain('column quantity empty in every row');
    expect(doubtsWith(twoColumns(items), [])).toContain('column quantity empty in every row');
  });

  it('is, where the rows print something no cell took', () => {
    expect(doubtsWith(twoColumns(items, true))).toContain('column quantity empty in every row');
  });

  it('is not doubted where the reviewed table left it blank in a row, and is where it never did', () => {
    const withQty = (items: ReadonlyArray<readonly [string, string, string]>) =>
      makePage([
        ...header,
        ...items.flatMap(([description, qty, amount], i) =>
          row(136 + 14 * i, description, qty, amount),
        ),
      ]);
    const reviewedPage = analysePages([
      withQty([
        ['Front bumper cover', '1', '$420.00'],
        ['Paint and materials', '', '$217.00'],
      ]),
    ]);
    const reviewedRows = (second: number | null) => [
      { description: 'Front bumper cover', quantity: 1, amount: { amount: 420, currency: 'USD' } },
      {
        description: 'Paint and materials',
        quantity: second,
        amount: { amount: 217, currency: 'USD' },
      },
    ];
    const blankOnce = learnLayout(
      reviewedPage,
      [],
      [reviewedTableOf(reviewedPage, 'line_items', reviewedRows(null))!],
    )!;
    const later = withQty([
      ['Rear door shell', '', '$980.00'],
      ['Mirror glass', '', '$64.50'],
    ]);
    expect(doubtsWith(later, [blankOnce])).not.toContain('column quantity empty in every row');
    const alwaysFilled = analysePages([
      withQty([
        ['Front bumper cover', '1', '$420.00'],
        ['Paint and materials', '3', '$217.00'],
      ]),
    ]);
    const filledMemory = learnLayout(
      alwaysFilled,
      [],
      [reviewedTableOf(alwaysFilled, 'line_items', reviewedRows(3))!],
    )!;
    expect(doubtsWith(later, [filledMemory])).toContain('column quantity empty in every row');
  });
});
