import { createTestOrganization, TestOrganization } from '@docket/testing';

import { uploadFile } from '../files/support/files-api';
import { extract } from './support/ai-api';
import { placedPdf, type PlacedRun } from './support/placed-pdf';

jest.setTimeout(120_000);

interface Field {
  key: string;
  value: unknown;
  flagged: boolean;
  flagReasons: string[];
}

const CONFIG = {
  fields: [
    {
      key: 'claims',
      type: 'table',
      columns: [
        { key: 'claim_number', type: 'string', label: 'Claim Number' },
        { key: 'paid', type: 'money', label: 'Paid' },
        { key: 'reserve', type: 'money', label: 'Reserve' },
      ],
    },
  ],
};

/** A loss run whose third column is the reserve, or the adjuster (which the schema does not ask). */
function lossRun(third: 'Reserve' | 'Adjuster', total: string): Promise<Buffer> {
  const rows: Array<[string, string, string]> =
    third === 'Reserve'
      ? [
          ['CL-1001', '$1,200.00', '$300.00'],
          ['CL-1002', '$800.00', '$150.00'],
        ]
      : [
          ['CL-1001', '$1,200.00', 'K. Lee'],
          ['CL-1002', '$800.00', 'M. Ortiz'],
        ];
  const runs: PlacedRun[] = [
    { x: 60, y: 50, text: 'LOSS RUN REPORT', size: 14 },
    { x: 60, y: 120, text: 'Claim Number' },
    { x: 260, y: 120, text: 'Paid' },
    { x: 420, y: 120, text: third },
    ...rows.flatMap(([claim, paid, other], i): PlacedRun[] => [
      { x: 60, y: 140 + i * 16, text: claim },
      { x: 260, y: 140 + i * 16, text: paid },
      { x: 420, y: 140 + i * 16, text: other },
    ]),
    { x: 60, y: 180, text: 'Total Paid' },
    { x: 260, y: 180, text: total },
  ];
  return placedPdf([runs]);
}

describe('POST /projects/{projectId}/ai/extract flags a table it is unsure of', () => {
  let org: TestOrganization;

  beforeAll(async () => {
    org = await createTestOrganization();
  });

  async function claimsOf(pdf: Buffer): Promise<{ claims: Field; needsReview: boolean }> {
    const file = await uploadFile(org.admin.token, org.workspaceId, 'loss-run.pdf', pdf);
    expect(file.status).toBe('READY');
    const response = await extract(org.admin.token, org.projectId, {
      fileId: file.fileId,
      config: CONFIG,
    });
    expect(response.status).toBe(200);
    const claims = (response.body.fields as Field[]).find((f) => f.key === 'claims')!;
    return { claims, needsReview: response.body.needsReview as boolean };
  }

  it('sends a table missing a configured column to review, naming the column', async () => {
    const { claims, needsReview } = await claimsOf(await lossRun('Adjuster', '$2,000.00'));
    expect(claims.value).toEqual([
      { claim_number: 'CL-1001', paid: { amount: 1200, currency: 'USD' }, reserve: null },
      { claim_number: 'CL-1002', paid: { amount: 800, currency: 'USD' }, reserve: null },
    ]);
    expect(claims.flagged).toBe(true);
    expect(claims.flagReasons).toEqual(['column reserve empty in every row']);
    expect(needsReview).toBe(true);
  });

  it('sends a table whose printed total its rows do not add up to to review', async () => {
    const { claims, needsReview } = await claimsOf(await lossRun('Reserve', '$2,600.00'));
    expect(claims.flagReasons).toEqual([
      'totals line "Total Paid" prints 2600.00 but the rows\' paid add up to 2000.00',
    ]);
    expect(needsReview).toBe(true);
  });

  it('lets a whole table whose rows add up to its total through', async () => {
    const { claims, needsReview } = await claimsOf(await lossRun('Reserve', '$2,000.00'));
    expect(claims).toMatchObject({ flagged: false, flagReasons: [] });
    expect(needsReview).toBe(false);
  });
});
