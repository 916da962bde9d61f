import { createTestOrganization, TestOrganization } from '@docket/testing';

import { FileRecordBody, uploadFile } from '../files/support/files-api';
import { extract } from './support/ai-api';
import { placedPdf } from './support/placed-pdf';

jest.setTimeout(120_000);

interface Field {
  key: string;
  value: unknown;
  confidence: number;
  flagged: boolean;
  flagReasons: string[];
}

/** A carrier's form the engine has never seen: captions phrased its own way. */
function unseenForm(): Promise<Buffer> {
  return placedPdf([
    [
      { x: 60, y: 50, text: 'NOTICE OF PROPERTY LOSS', size: 14 },
      { x: 60, y: 100, text: 'POLICY NO. HO-4471-22' },
      { x: 60, y: 124, text: 'Name of Insured: Priya Raman' },
      { x: 60, y: 148, text: 'CONTACT PHONE .......... (555) 201-7788' },
      { x: 60, y: 172, text: 'DOL: 01/10/2026' },
      { x: 60, y: 196, text: 'Reported on: pending' },
      { x: 60, y: 260, text: 'Desc' },
      { x: 300, y: 260, text: 'Qty' },
      { x: 420, y: 260, text: 'Amt' },
      { x: 60, y: 276, text: 'Drywall panels' },
      { x: 300, y: 276, text: '6' },
      { x: 420, y: 276, text: '$540.00' },
      { x: 60, y: 290, text: 'Carpet pad' },
      { x: 300, y: 290, text: '2' },
      { x: 420, y: 290, text: '$180.00' },
    ],
  ]);
}

/** How a first-time user writes a schema: key, type and one plain label per field. */
const PLAIN_CONFIG = {
  fields: [
    { key: 'policy_number', type: 'string', label: 'Policy number' },
    { key: 'insured_name', type: 'string', label: 'Insured name' },
    { key: 'phone', type: 'string', label: 'Phone' },
    { key: 'date_of_loss', type: 'date', label: 'Date of loss' },
    { key: 'reported_date', type: 'date', label: 'Reported on' },
    { key: 'email', type: 'string', label: 'Email' },
    {
      key: 'lines',
      type: 'table',
      // Columns as a first-time user writes them: key and label, the type left out.
      columns: [
        { key: 'description', label: 'Description' },
        { key: 'quantity', label: 'Quantity' },
        { key: 'amount', type: 'money', label: 'Amount' },
      ],
    },
  ],
};

describe('POST /projects/{projectId}/ai/extract with plain labels on an unseen form', () => {
  let org: TestOrganization;
  let file: FileRecordBody;

  beforeAll(async () => {
    org = await createTestOrganization();
    file = await uploadFile(org.admin.token, org.workspaceId, 'unseen.pdf', await unseenForm());
    expect(file.status).toBe('READY');
  });

  it('finds each field by meaning and flags what it cannot read, with the reason', async () => {
    const response = await extract(org.admin.token, org.projectId, {
      fileId: file.fileId,
      config: PLAIN_CONFIG,
    });
    expect(response.status).toBe(200);
    const byKey = Object.fromEntries((response.body.fields as Field[]).map((f) => [f.key, f]));
    expect(byKey.policy_number.value).toBe('HO-4471-22');
    expect(byKey.insured_name.value).toBe('Priya Raman');
    expect(byKey.phone.value).toBe('(555) 201-7788');
    expect(byKey.date_of_loss.value).toBe('2026-01-10');
    expect(byKey.lines.value).toEqual([
      { description: 'Drywall panels', quantity: '6', amount: { amount: 540, currency: 'USD' } },
      { description: 'Carpet pad', quantity: '2', amount: { amount: 180, currency: 'USD' } },
    ]);
    for (const key of ['policy_number', 'insured_name', 'date_of_loss', 'lines'])
      expect(byKey[key].flagged).toBe(false);
    expect(byKey.reported_date).toMatchObject({
      value: null,
      flagged: true,
      flagReasons: ['not a valid date at its caption: "pending"'],
    });
    expect(byKey.email).toMatchObject({
      value: null,
      flagged: true,
      flagReasons: ['not found on the page'],
    });
    expect(response.body.needsReview).toBe(true);
  });

  it('refuses an unknown setting inside a field with a 400 naming it', async () => {
    const response = await extract(org.admin.token, org.projectId, {
      fileId: file.fileId,
      config: { fields: [{ key: 'phone', type: 'string', lable: 'Phone' }] },
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('unknown setting lable');
  });
});
