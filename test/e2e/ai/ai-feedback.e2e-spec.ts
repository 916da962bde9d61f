import { createTestOrganization, TestOrganization, TestUser } from '@docket/testing';

import { FileRecordBody, uploadFile } from '../files/support/files-api';
import { claimFormPdf, classify, CLASSIFY_CONFIG, feedback } from './support/ai-api';

/** Two short examples per class, as reviewers would confirm them. */
const EXAMPLES = [
  {
    label: 'fnol',
    text: 'First Notice of Loss\nPolicy Number PN-1\nInsured Name Ann Lee\nDate of Loss 01/02/2025',
  },
  {
    label: 'fnol',
    text: 'First Notice of Loss\nInsured Name Bo Chan\nDate of Loss 03/04/2025\nClaim Amount $900.00',
  },
  {
    label: 'invoice',
    text: 'Repair Invoice\nInvoice Number INV-1001\nAmount Due $450.00\nVendor Quick Glass',
  },
  {
    label: 'invoice',
    text: 'Repair Invoice\nInvoice Number INV-2002\nLabor and parts\nAmount Due $1,200.00',
  },
];

/** The same classes, but with no rules at all: only the learned model can tell them apart. */
const MODEL_ONLY_CONFIG = {
  classes: CLASSIFY_CONFIG.classes.map(({ label }) => ({ label })),
  minConfidence: 0.5,
};

describe('AI learning: reviewers’ class confirmations retrain the project’s classifier', () => {
  let org: TestOrganization;
  let other: TestOrganization;
  let partner: TestUser;
  let claimFile: FileRecordBody;

  beforeAll(async () => {
    [org, other] = await Promise.all([createTestOrganization(), createTestOrganization()]);
    [partner, claimFile] = await Promise.all([
      org.addUser('Partner'),
      uploadFile(org.admin.token, org.workspaceId, 'fnol.pdf', await claimFormPdf()),
    ]);
    expect(claimFile.status).toBe('READY');
  }, 120_000);

  it('classifies with the model only after feedback taught it, and a correction moves the counts', async () => {
    const modelOnly = { fileId: claimFile.fileId, config: MODEL_ONLY_CONFIG, methods: ['model'] };
    const before = await classify(org.admin.token, org.projectId, modelOnly);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ label: null, methods: [], modelVersion: 0 });

    for (const [index, example] of EXAMPLES.entries()) {
      const taught = await feedback(org.admin.token, org.projectId, example);
      expect(taught.status).toBe(200);
      expect(taught.body).toMatchObject({ projectId: org.projectId, modelVersion: index + 1 });
    }

    const after = await classify(org.admin.token, org.projectId, modelOnly);
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ label: 'fnol', methods: ['model'], modelVersion: 4 });
    expect(after.body.confidence as number).toBeGreaterThanOrEqual(0.5);

    // A reviewer confirms the uploaded form by its file, then corrects it to invoice.
    const confirmed = await feedback(org.admin.token, org.projectId, {
      fileId: claimFile.fileId,
      label: 'fnol',
    });
    expect(confirmed.body).toMatchObject({
      modelVersion: 5,
      classes: [
        { label: 'fnol', documents: 3 },
        { label: 'invoice', documents: 2 },
      ],
    });
    const corrected = await feedback(org.admin.token, org.projectId, {
      fileId: claimFile.fileId,
      documentId: claimFile.documents[0].documentId,
      label: 'invoice',
      replacesLabel: 'fnol',
    });
    expect(corrected.status).toBe(200);
    expect(corrected.body).toMatchObject({
      modelVersion: 6,
      classes: [
        { label: 'fnol', documents: 2 },
        { label: 'invoice', documents: 3 },
      ],
    });

    // Rules and model combine: the rules still see a first notice of loss.
    const combined = await classify(org.admin.token, org.projectId, {
      fileId: claimFile.fileId,
      config: CLASSIFY_CONFIG,
    });
    expect(combined.body).toMatchObject({ methods: ['rules', 'model'], modelVersion: 6 });
  });

  it('keeps each organization’s model to itself', async () => {
    const response = await feedback(other.admin.token, org.projectId, {
      text: 'Repair Invoice',
      label: 'invoice',
    });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('NOT_FOUND');
    const untouched = await classify(other.admin.token, other.projectId, {
      fileId: '00000000-0000-4000-8000-000000000001',
      config: MODEL_ONLY_CONFIG,
      methods: ['model'],
    });
    expect(untouched.status).toBe(404);
  });

  it('is for Admins only', async () => {
    const response = await feedback(partner.token, org.projectId, {
      text: 'Repair Invoice',
      label: 'invoice',
    });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('PERMISSION_DENIED');
  });

  it.each([
    ['neither fileId nor text', { label: 'fnol' }],
    [
      'both fileId and text',
      { fileId: '00000000-0000-4000-8000-000000000001', text: 'x', label: 'fnol' },
    ],
    [
      'a documentId without its fileId',
      { documentId: '00000000-0000-4000-8000-000000000001', text: 'x', label: 'fnol' },
    ],
    ['an empty text', { text: '', label: 'fnol' }],
    ['a text over 100000 characters', { text: 'a'.repeat(100_001), label: 'fnol' }],
    ['a label over 64 characters', { text: 'x', label: 'l'.repeat(65) }],
    ['a label with a slash', { text: 'x', label: 'a/b' }],
  ])('refuses %s with 400 and trains nothing', async (_, body) => {
    const response = await feedback(org.admin.token, org.projectId, body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
  });

  it('kept the model as it was after the refused feedback', async () => {
    const response = await classify(org.admin.token, org.projectId, {
      fileId: claimFile.fileId,
      config: MODEL_ONLY_CONFIG,
      methods: ['model'],
    });
    expect(response.body).toMatchObject({ methods: ['model'], modelVersion: 6 });
  });

  it('accepts a text of exactly 100000 characters and a 64-character label', async () => {
    const response = await feedback(other.admin.token, other.projectId, {
      text: 'a'.repeat(100_000),
      label: 'l'.repeat(64),
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      modelVersion: 1,
      classes: [{ label: 'l'.repeat(64), documents: 1 }],
    });
  });
});
