import type { TableFieldDefinition } from '../schema/field-schema.types';
import { makePage, type PlacedText } from '../testing/text-page.fixture';
import { groupLines } from '../text-layer/line-grouper';
import { extractTable } from './table-extractor';

const lineItems: TableFieldDefinition = {
  key: 'line_items',
  type: 'table',
  columns: [
    { key: 'description', type: 'string', label: 'Description', synonyms: ['Item'] },
    { key: 'quantity', type: 'number', label: 'Qty', synonyms: ['Quantity'] },
    { key: 'unit_price', type: 'money', label: 'Unit Price', synonyms: ['Rate'] },
    { key: 'amount', type: 'money', label: 'Amount', synonyms: ['Line Total'] },
  ],
};

function row(
  y: number,
  description: string,
  qty: string,
  price: string,
  amount: string,
): PlacedText[] {
  return [
    { x: 50, y, text: description },
    { x: 300, y, text: qty },
    // Right-aligned numbers end near their header's right edge.
    { x: 420 - price.length * 5.5, y, text: price },
    { x: 540 - amount.length * 5.5, y, text: amount },
  ];
}

const header = (y: number): PlacedText[] => [
  { x: 50, y, text: 'Description' },
  { x: 300, y, text: 'Qty' },
  { x: 365, y, text: 'Unit Price' },
  { x: 500, y, text: 'Amount' },
];

describe('extractTable', () => {
  it('ends the rows at a line summing the columns under "Sum"', () => {
    const page = makePage([
      ...header(120),
      ...row(136, 'Front bumper cover', '1', '$420.00', '$420.00'),
      ...row(150, 'Headlamp assembly', '2', '$180.50', '$361.00'),
      { x: 50, y: 164, text: 'Sum' },
      { x: 378, y: 164, text: '$600.50' },
      { x: 490, y: 164, text: '$781.00' },
    ]);
    const { field } = extractTable(lineItems, groupLines(page), { fuzzy: false });
    expect((field.value as unknown[]).length).toBe(2);
  });

  it('reads rows under a detected header until the total line', () => {
    const page = makePage([
      { x: 50, y: 60, text: 'REPAIR ESTIMATE' },
      ...header(120),
      ...row(136, 'Front bumper cover', '1', '$420.00', '$420.00'),
      ...row(150, 'Paint and materials', '3.5', '$62.00', '$217.00'),
      ...row(164, 'Headlamp assembly', '2', '$180.50', '$361.00'),
      { x: 400, y: 190, text: 'Total' },
      { x: 490, y: 190, text: '$998.00' },
    ]);
    const { field, usedWords } = extractTable(lineItems, groupLines(page), {
      fuzzy: false,
      documentId: 'd1',
    });
    expect(field.value).toEqual([
      {
        description: 'Front bumper cover',
        quantity: 1,
        unit_price: { amount: 420, currency: 'USD' },
        amount: { amount: 420, currency: 'USD' },
      },
      {
        description: 'Paint and materials',
        quantity: 3.5,
        unit_price: { amount: 62, currency: 'USD' },
        amount: { amount: 217, currency: 'USD' },
      },
      {
        description: 'Headlamp assembly',
        quantity: 2,
        unit_price: { amount: 180.5, currency: 'USD' },
        amount: { amount: 361, currency: 'USD' },
      },
    ]);
    expect(field.rows?.[1].cells.amount.grounding?.words.map((w) => w.text)).toEqual(['$217.00']);
    expect(field.grounding?.documentId).toBe('d1');
    expect(field.confidence).toBeGreaterThan(0.9);
    // The total line is not part of the table.
    const indexOf = (text: string): string => `1:${page.words.findIndex((w) => w.text === text)}`;
    expect(usedWords.has(indexOf('Total'))).toBe(false);
    expect(usedWords.has(indexOf('$998.00'))).toBe(false);
    expect(usedWords.has(indexOf('Description'))).toBe(true);
    expect(usedWords.size).toBe(5 + 6 + 6 + 5);
  });

  it('continues a table on the next page below a repeated header', () => {
    const first = makePage(
      [
        ...header(600),
        ...row(620, 'Hood panel', '1', '$510.00', '$510.00'),
        ...row(640, 'Grille', '1', '$95.00', '$95.00'),
      ],
      1,
    );
    const second = makePage(
      [
        { x: 50, y: 40, text: 'Estimate E-100 (continued)' },
        ...header(80),
        ...row(100, 'Labor body', '6', '$55.00', '$330.00'),
        { x: 400, y: 140, text: 'Total' },
        { x: 490, y: 140, text: '$935.00' },
      ],
      2,
    );
    const lines = [...groupLines(first), ...groupLines(second)];
    const { field } = extractTable(lineItems, lines, { fuzzy: false });
    const rows = field.value as ReadonlyArray<Record<string, unknown>>;
    expect(rows.map((r) => r.description)).toEqual(['Hood panel', 'Grille', 'Labor body']);
    expect(field.rows?.[2].grounding?.page).toBe(2);
  });

  it('continues without a repeated header when rows align with the previous columns', () => {
    const first = makePage(
      [...header(600), ...row(620, 'Hood panel', '1', '$510.00', '$510.00')],
      1,
    );
    const second = makePage(
      [
        { x: 50, y: 40, text: 'Page 2 of 2' },
        ...row(80, 'Grille', '1', '$95.00', '$95.00'),
        { x: 400, y: 120, text: 'Total' },
      ],
      2,
    );
    const { field } = extractTable(lineItems, [...groupLines(first), ...groupLines(second)], {
      fuzzy: false,
    });
    expect(
      (field.value as ReadonlyArray<Record<string, unknown>>).map((r) => r.description),
    ).toEqual(['Hood panel', 'Grille']);
  });

  it('joins a wrapped description line to the row above', () => {
    const page = makePage([
      ...header(120),
      ...row(136, 'Rear door outer panel', '1', '$640.00', '$640.00'),
      { x: 50, y: 147, text: 'incl. moulding and clips' },
      ...row(162, 'Wheel alignment', '1', '$89.00', '$89.00'),
    ]);
    const { field } = extractTable(lineItems, groupLines(page), { fuzzy: false });
    const rows = field.value as ReadonlyArray<Record<string, unknown>>;
    expect(rows).toHaveLength(2);
    expect(rows[0].description).toBe('Rear door outer panel incl. moulding and clips');
  });

  it('reads past OCR specks and a single garbled line inside the table', () => {
    const page = makePage(
      [
        ...header(120),
        { x: 50, y: 127, text: 'cima' },
        { x: 380, y: 127, text: 'hein Ab' },
        ...row(136, 'Hood panel', '1', '$510.00', '$510.00'),
        { x: 300, y: 146, text: ':' },
        { x: 380, y: 156, text: 'Dole Soma' },
        ...row(170, 'Grille', 'i', '$95.00', '$95.00'),
      ],
      1,
      'ocr',
    );
    const { field } = extractTable(lineItems, groupLines(page), { fuzzy: true });
    const rows = field.value as ReadonlyArray<Record<string, unknown>>;
    expect(rows.map((r) => [r.description, r.quantity])).toEqual([
      ['Hood panel', 1],
      ['Grille', 1],
    ]);
  });

  it('reports a missing header instead of inventing rows', () => {
    const page = makePage([{ x: 50, y: 100, text: 'No table on this page' }]);
    const { field } = extractTable(lineItems, groupLines(page), { fuzzy: false });
    expect(field.value).toBeNull();
    expect(field.notes).toContain('table header not found');
  });
});

describe('table columns matched to headers like field labels', () => {
  it('matches abbreviated headers ("Desc", "Qty", "Amt") to plain column labels', () => {
    const page = makePage([
      { x: 50, y: 100, text: 'Desc' },
      { x: 300, y: 100, text: 'Qty' },
      { x: 500, y: 100, text: 'Amt' },
      ...row(116, 'Drywall panels', '6', '', '$540.00').filter((r) => r.text !== ''),
      ...row(130, 'Carpet pad', '2', '', '$180.00').filter((r) => r.text !== ''),
    ]);
    const { field } = extractTable(
      {
        key: 'lines',
        type: 'table',
        columns: [
          // No type: a string column, as a first-time configuration writes it.
          { key: 'description', label: 'Description' } as never,
          { key: 'quantity', type: 'number', label: 'Quantity' },
          { key: 'amount', type: 'money', label: 'Amount' },
        ],
      },
      groupLines(page),
      { fuzzy: false },
    );
    expect(field.value).toEqual([
      { description: 'Drywall panels', quantity: 6, amount: { amount: 540, currency: 'USD' } },
      { description: 'Carpet pad', quantity: 2, amount: { amount: 180, currency: 'USD' } },
    ]);
  });
});
