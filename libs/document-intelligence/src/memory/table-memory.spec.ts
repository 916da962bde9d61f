import { extractDocumentFields } from '../extraction/field-extractor';
import { analysePages } from '../layout/analysed-page';
import type { TableFieldDefinition } from '../schema/field-schema.types';
import { makePage, type PlacedText } from '../testing/text-page.fixture';
import type { TextPage } from '../text-layer/text-layer.types';
import { learnLayout } from './layout-memory';
import { reviewedTableOf } from './table-locator';
import { followsRememberedColumns } from './table-memory';

/*
 * A loss run whose columns are headed in the carrier's own words, none of which the
 * configuration's plain labels name ("Ref." for the claim number, "O/S" for the reserve).
 */

const claims: TableFieldDefinition = {
  key: 'claims',
  type: 'table',
  columns: [
    { key: 'claim_number', type: 'string', label: 'Claim Number' },
    { key: 'paid', type: 'money', label: 'Paid' },
    { key: 'reserve', type: 'money', label: 'Reserve' },
  ],
};
const COLUMNS_X = [60, 250, 420];
const PITCH = 16;

function lossRun(rows: ReadonlyArray<readonly [string, string, string]>): TextPage {
  return makePage([
    { x: 60, y: 50, text: 'ACME MUTUAL LOSS RUN', size: 14 },
    { x: 60, y: 80, text: 'Account: Harbor Freight Lines' },
    { x: 60, y: 120, text: 'Ref.' },
    { x: 250, y: 120, text: 'Paid to Date' },
    { x: 420, y: 120, text: 'O/S' },
    ...rows.flatMap((row, i): PlacedText[] =>
      row.map((text, c) => ({ x: COLUMNS_X[c], y: 140 + i * PITCH, text })),
    ),
  ]);
}

const TAUGHT: Array<[string, string, string]> = [
  ['CL-1', '$100.00', '$10.00'],
  ['CL-2', '$200.00', '$20.00'],
  ['CL-3', '$300.00', '$30.00'],
];

function reviewOf(page: TextPage) {
  const boxOf = (text: string) => page.words.find((w) => w.text === text)!.box;
  return {
    key: 'claims',
    rows: TAUGHT.map((row) => ({
      pageNumber: 1,
      box: { ...boxOf(row[0]), x1: boxOf(row[2]).x1 },
      cells: claims.columns.map((column, c) => ({ column: column.key, box: boxOf(row[c]) })),
    })),
  };
}

describe('a table learned from a review', () => {
  const taught = lossRun(TAUGHT);
  const memory = learnLayout(analysePages([taught]), [], [reviewOf(taught)])!;
  const next = lossRun([
    ['CL-7', '$70.00', '$7.00'],
    ['CL-8', '$80.00', '$8.00'],
    ['CL-9', '$90.00', '$9.00'],
    ['CL-10', '$11.00', '$1.00'],
  ]);
  const read = (memories = [memory]) =>
    extractDocumentFields({ pages: [next] }, { fields: [claims] }, { layoutMemories: memories })[0];

  it('remembers each column’s place, its printed header and the rows the table held', () => {
    const table = memory.tables![0];
    expect(table.rowCount).toBe(3);
    expect(table.columns!.map((c) => [c.key, c.header])).toEqual([
      ['claim_number', 'Ref.'],
      ['paid', 'Paid to Date'],
      ['reserve', 'O/S'],
    ]);
  });

  it('reads the next document’s table under the remembered headers', () => {
    const table = read();
    expect(table.source).toBe('layout-memory');
    expect(table.value).toEqual([
      {
        claim_number: 'CL-7',
        paid: { amount: 70, currency: 'USD' },
        reserve: { amount: 7, currency: 'USD' },
      },
      {
        claim_number: 'CL-8',
        paid: { amount: 80, currency: 'USD' },
        reserve: { amount: 8, currency: 'USD' },
      },
      {
        claim_number: 'CL-9',
        paid: { amount: 90, currency: 'USD' },
        reserve: { amount: 9, currency: 'USD' },
      },
      {
        claim_number: 'CL-10',
        paid: { amount: 11, currency: 'USD' },
        reserve: { amount: 1, currency: 'USD' },
      },
    ]);
    expect(table.doubts).toEqual([]);
  });

  it('without the memory the trade-worded columns are lost and the table flagged', () => {
    const table = read([]);
    expect(table.source).not.toBe('layout-memory');
    expect(table.doubts?.length).toBeGreaterThan(0);
  });
});

describe('a table reviewed by its values only', () => {
  it('is placed row by row where its cells are printed, and teaches the same headers', () => {
    const taught = lossRun(TAUGHT);
    const pages = analysePages([taught]);
    const rows = TAUGHT.map(([claim, paid, reserve]) => ({
      claim_number: claim,
      paid: { amount: Number(paid.slice(1)), currency: 'USD' },
      reserve: { amount: Number(reserve.slice(1)), currency: 'USD' },
    }));
    const reviewed = reviewedTableOf(pages, 'claims', rows)!;
    expect(reviewed.rows.map((r) => r.cells?.map((c) => c.column))).toEqual([
      ['claim_number', 'paid', 'reserve'],
      ['claim_number', 'paid', 'reserve'],
      ['claim_number', 'paid', 'reserve'],
    ]);
    const memory = learnLayout(pages, [], [reviewed])!;
    expect(memory.tables![0].columns!.map((c) => c.header)).toEqual([
      'Ref.',
      'Paid to Date',
      'O/S',
    ]);
  });

  it('teaches nothing from rows printed nowhere', () => {
    const pages = analysePages([lossRun(TAUGHT)]);
    expect(reviewedTableOf(pages, 'claims', [{ claim_number: 'ZZ-404' }])).toBeNull();
  });
});

describe('a reading by meaning the reviewed layout confirms', () => {
  const remembered = {
    key: 'claims',
    rowPitch: 0.02,
    rowHeight: 0.012,
    columns: [
      { key: 'paid', header: 'Disbursed', x0: 0.4, x1: 0.5 },
      { key: 'reserve', header: 'Held Back', x0: 0.7, x1: 0.8 },
    ],
  };
  const row = (paidX: number, reserveX: number) => ({
    cells: {
      paid: { grounding: { box: { x0: paidX, x1: paidX + 0.05, y0: 0.2, y1: 0.21 } } },
      reserve: { grounding: { box: { x0: reserveX, x1: reserveX + 0.05, y0: 0.2, y1: 0.21 } } },
    },
  });

  it('puts every column where the review had it', () => {
    expect(followsRememberedColumns([row(0.42, 0.72), row(0.43, 0.71)], remembered)).toBe(true);
  });

  it('is not confirmed when a column stands elsewhere, or nothing was remembered', () => {
    expect(followsRememberedColumns([row(0.72, 0.42)], remembered)).toBe(false);
    expect(followsRememberedColumns([row(0.42, 0.72)], { ...remembered, columns: [] })).toBe(false);
  });
});

describe('a column the reviewed table printed blank in a row', () => {
  const BLANK: Array<[string, string, string]> = [
    ['CL-1', '$100.00', '$10.00'],
    ['CL-2', '$200.00', ''],
    ['CL-3', '$300.00', '$30.00'],
  ];
  /** The review as it places cells: none for a cell printed blank (or one it could not find). */
  const reviewOfBlank = (page: TextPage, placed: (row: number, column: number) => boolean) => {
    const boxOf = (text: string) => page.words.find((w) => w.text === text)!.box;
    return {
      key: 'claims',
      rows: BLANK.map((row, r) => ({
        pageNumber: 1,
        box: { ...boxOf(row[0]), x1: boxOf(row[1]).x1 },
        cells: claims.columns.flatMap((column, c) =>
          row[c] !== '' && placed(r, c) ? [{ column: column.key, box: boxOf(row[c]) }] : [],
        ),
      })),
    };
  };
  const taught = lossRun(BLANK);
  const memory = learnLayout(analysePages([taught]), [], [reviewOfBlank(taught, () => true)])!;
  const scan = makePage(
    [
      { x: 60, y: 50, text: 'ACME MUTUAL LOSS RUN', size: 14 },
      { x: 60, y: 80, text: 'Account: Harbor Freight Lines' },
      { x: 60, y: 120, text: 'Ref.' },
      { x: 250, y: 120, text: 'Paid to Date' },
      { x: 420, y: 120, text: 'O/S' },
      ...[
        ['CL-7', '$70.00', '$7.00'],
        ['CL-8', '$80.00', '$8.00'],
        ['CL-9', '$90.00', ''],
        ['CL-10', '$11.00', '$1.00'],
      ].flatMap((row, i): PlacedText[] =>
        row.map((text, c) => ({ x: COLUMNS_X[c], y: 140 + i * PITCH, text })),
      ),
    ],
    1,
    'ocr',
  );
  const doubtsOf = (memories: ReturnType<typeof learnLayout>[]) =>
    extractDocumentFields(
      { pages: [scan] },
      { fields: [claims] },
      { layoutMemories: memories.flatMap((m) => (m ? [m] : [])) },
    )[0].doubts ?? [];
  const BLANK_DOUBT = 'reserve: empty where every other row has a value in row 3';

  it('remembers how many rows left the column blank', () => {
    expect(memory.tables![0].columns!.map((c) => [c.key, c.blankRows])).toEqual([
      ['claim_number', undefined],
      ['paid', undefined],
      ['reserve', 1],
    ]);
  });

  it('takes no blank from a printed cell the review did not place', () => {
    const full = lossRun(TAUGHT);
    const unplaced = learnLayout(
      analysePages([full]),
      [],
      [
        {
          key: 'claims',
          rows: reviewOf(full).rows.map((row, r) => ({
            ...row,
            cells: row.cells.filter((c) => r !== 1 || c.column !== 'reserve'),
          })),
        },
      ],
    )!;
    expect(unplaced.tables![0].columns!.every((c) => c.blankRows === undefined)).toBe(true);
  });

  it('does not doubt a scan’s blank cell in that column', () => {
    expect(doubtsOf([memory])).not.toContain(BLANK_DOUBT);
  });

  it('still doubts it after a review whose table printed the column in every row', () => {
    const full = lossRun(TAUGHT);
    const every = learnLayout(analysePages([full]), [], [reviewOf(full)]);
    expect(doubtsOf([every])).toContain(BLANK_DOUBT);
  });
});

describe('a column of identifiers the reviewed table printed in one shape', () => {
  /** A scanned loss run: its header in the carrier's words, then one line per claim. */
  const scannedRun = (rows: ReadonlyArray<readonly [string, string, string]>) =>
    makePage(
      [
        { x: 60, y: 50, text: 'ACME MUTUAL LOSS RUN', size: 14 },
        { x: 60, y: 120, text: 'Ref.' },
        { x: 250, y: 120, text: 'Paid to Date' },
        { x: 420, y: 120, text: 'O/S' },
        ...rows.flatMap((row, i): PlacedText[] =>
          row.map((text, c) => ({ x: COLUMNS_X[c], y: 140 + i * PITCH, text })),
        ),
      ],
      1,
      'ocr',
    );
  const reviewOfRows = (page: TextPage, rows: ReadonlyArray<readonly [string, string, string]>) => {
    const boxOf = (text: string) => page.words.find((w) => w.text === text)!.box;
    return {
      key: 'claims',
      rows: rows.map((row) => ({
        pageNumber: 1,
        box: { ...boxOf(row[0]), x1: boxOf(row[2]).x1 },
        cells: claims.columns.map((column, c) => ({ column: column.key, box: boxOf(row[c]) })),
      })),
    };
  };
  // The teaching scan itself read one claim number with a bracket for its last letter.
  const TAUGHT_SCAN: Array<[string, string, string]> = [
    ['23-36973-ZJ', '$5,735.56', '$8,670.74'],
    ['24-28154-K]', '$17,351.35', '$0.00'],
    ['23-71832-KQ', '$5,826.83', '$12,055.70'],
    ['CLM-2023-844953', '$13,073.68', '$11,164.81'],
    ['22-21719-JL', '$24,901.69', '$0.00'],
    ['CLM-2022-453086', '$10,488.17', '$11,515.18'],
  ];
  const teaching = scannedRun(TAUGHT_SCAN);
  const memory = learnLayout(analysePages([teaching]), [], [reviewOfRows(teaching, TAUGHT_SCAN)])!;
  const nextRun = (odd: string) =>
    scannedRun([
      ['CLM-2022-299003', '$3,288.56', '$23,106.41'],
      ['CLM-2023-897181', '$24,959.60', '$0.00'],
      ['CLM-2023-538212', '$17,048.55', '$24,815.96'],
      [odd, '$13,801.51', '$6,190.27'],
      ['CLM-2022-512860', '$12,013.92', '$23,866.24'],
    ]);
  const doubtsOf = (page: TextPage, memories = [memory]) =>
    extractDocumentFields({ pages: [page] }, { fields: [claims] }, { layoutMemories: memories })[0]
      .doubts ?? [];
  const ODD_DOUBT = 'claim_number: shaped like no other value of the column in row 4';

  it('remembers the shapes several reviewed cells print, not one cell’s slip', () => {
    expect(memory.tables![0].columns!.find((c) => c.key === 'claim_number')!.shapes).toEqual([
      '99-99999-AA',
      'AAA-9999-999999',
    ]);
    expect(memory.tables![0].columns!.find((c) => c.key === 'paid')!.shapes).toBeUndefined();
  });

  it('doubts the one row whose identifier OCR read out of the layout’s shape', () => {
    expect(doubtsOf(nextRun('24-79813-0T'))).toContain(ODD_DOUBT);
  });

  it('does not doubt that row read right, nor without the review', () => {
    expect(doubtsOf(nextRun('24-79813-OT'))).not.toContain(ODD_DOUBT);
    expect(doubtsOf(nextRun('24-79813-0T'), [])).not.toContain(ODD_DOUBT);
  });
});
