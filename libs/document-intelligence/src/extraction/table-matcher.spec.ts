import { makePage } from '../testing/text-page.fixture';
import { extractDocumentFields } from './field-extractor';
import type { FieldSchema } from './field-schema.types';

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

describe('tables matched by meaning to the layout tables', () => {
  const rows = [
    ['CLM-2024-528983', '11/30/2024', '1,469.16', '10,831.60'],
    ['CLM-2023-643529', '04/11/2021', '14,696.43', '14,696.43'],
    ['22-71115-JM', '05/01/2024', '5,060.78', '32,980.94'],
  ];
  const page = makePage([
    { x: 50, y: 60, text: 'CLAIMS HISTORY', size: 16 },
    { x: 50, y: 120, text: 'File ID' },
    { x: 200, y: 120, text: 'Accident Date' },
    { x: 330, y: 120, text: 'Amount Paid' },
    { x: 450, y: 120, text: 'Inc. Total' },
    ...rows.flatMap((cells, r) =>
      cells.map((text, c) => ({ x: [50, 200, 330, 450][c], y: 140 + r * 18, text })),
    ),
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
