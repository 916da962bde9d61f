import { apiRequest, createTestOrganization, TestOrganization, TestUser } from '@docket/testing';

import { FileRecordBody, requestUpload, uploadFile } from '../files/support/files-api';
import {
  Body,
  CLAIM,
  claimFormPdf,
  classify,
  CLASSIFY_CONFIG,
  extract,
  invoicePdf,
  lineTop,
} from './support/ai-api';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
interface Grounding {
  documentId: string | null;
  page: number;
  box: Box;
  words: Array<{ text: string; box: Box; confidence: number }>;
}
interface Field {
  key: string;
  type: string;
  value: unknown;
  confidence: number;
  documentId: string | null;
  grounding: Grounding | null;
  flagged: boolean;
  flagReasons: string[];
}

const EXTRACT_CONFIG = {
  fields: [
    { key: 'policyNumber', type: 'string', label: 'Policy Number', required: true },
    { key: 'insuredName', type: 'string', label: 'Insured Name' },
    { key: 'dateOfLoss', type: 'date', label: 'Date of Loss' },
    { key: 'claimAmount', type: 'money', label: 'Claim Amount' },
  ],
};

describe('AI preview: POST /projects/{projectId}/ai/classify and /ai/extract', () => {
  let org: TestOrganization;
  let other: TestOrganization;
  let partner: TestUser;
  let reviewer: TestUser;
  let claimFile: FileRecordBody;
  let invoiceFile: FileRecordBody;

  beforeAll(async () => {
    [org, other] = await Promise.all([createTestOrganization(), createTestOrganization()]);
    [partner, reviewer, claimFile, invoiceFile] = await Promise.all([
      org.addUser('Partner'),
      org.addUser('Reviewer'),
      uploadFile(org.admin.token, org.workspaceId, 'fnol.pdf', await claimFormPdf()),
      uploadFile(org.admin.token, org.workspaceId, 'invoice.pdf', await invoicePdf()),
    ]);
    expect([claimFile.status, invoiceFile.status]).toEqual(['READY', 'READY']);
  }, 120_000);

  describe('classify', () => {
    it('labels a first notice of loss with its confidence, page classes and rule groundings', async () => {
      const response = await classify(org.admin.token, org.projectId, {
        fileId: claimFile.fileId,
        config: CLASSIFY_CONFIG,
        methods: ['rules'],
      });
      expect(response.status).toBe(200);
      const body = response.body as Body & {
        confidence: number;
        scores: Array<{ label: string; confidence: number }>;
        pages: Array<{ pageNumber: number; label: string | null; confidence: number }>;
        evidence: Array<{ label: string; term: string; page: number; box: Box; weight: number }>;
      };
      expect(body).toMatchObject({
        success: true,
        fileId: claimFile.fileId,
        documentId: null,
        label: 'fnol',
        methods: ['rules'],
        modelVersion: 0,
      });
      expect(body.confidence).toBeGreaterThanOrEqual(0.5);
      expect(body.confidence).toBeLessThanOrEqual(1);
      expect(body.scores.map((s) => s.label).sort()).toEqual(['fnol', 'invoice', 'police-report']);
      expect(body.scores[0]).toEqual({ label: 'fnol', confidence: body.confidence });
      expect(body.scores[1].confidence).toBeLessThan(body.confidence);
      expect(body.pages).toEqual([
        { pageNumber: 1, label: 'fnol', confidence: expect.any(Number) },
      ]);
      // The title keyword is grounded on the title line, left of the page; found in the title
      // region its configured weight of 3 counts double.
      const title = body.evidence.find((hit) => hit.term === 'First Notice of Loss');
      expect(title).toMatchObject({ label: 'fnol', page: 1, weight: 6 });
      expect(title?.box.x).toBeCloseTo(72 / 612, 1);
      expect(title?.box.y).toBeGreaterThan(lineTop(0) - 0.02);
      expect(title?.box.y).toBeLessThan(lineTop(0) + 0.02);
      expect(body.evidence.every((hit) => hit.label === 'fnol')).toBe(true);
    });

    it('classifies one document of a file, named by documentId', async () => {
      const documentId = invoiceFile.documents[0].documentId;
      const response = await classify(org.admin.token, org.projectId, {
        fileId: invoiceFile.fileId,
        documentId,
        config: CLASSIFY_CONFIG,
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ documentId, label: 'invoice', methods: ['rules'] });
      const evidence = response.body.evidence as Array<{ term: string }>;
      expect(evidence.map((hit) => hit.term)).toEqual(
        expect.arrayContaining(['Repair Invoice', 'INV-\\d{4,}']),
      );
    });

    it('leaves a document unclassified when no class reaches minConfidence', async () => {
      const response = await classify(org.admin.token, org.projectId, {
        fileId: claimFile.fileId,
        config: { classes: [{ label: 'police-report', keywords: ['Police Report'] }] },
      });
      expect(response.status).toBe(200);
      expect(response.body.label).toBeNull();
      expect(response.body.confidence as number).toBeLessThan(0.5);
    });
  });

  describe('extract', () => {
    it('returns normalised values with confidence and grounding boxes on the page', async () => {
      const response = await extract(org.admin.token, org.projectId, {
        fileId: claimFile.fileId,
        config: EXTRACT_CONFIG,
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        success: true,
        fileId: claimFile.fileId,
        needsReview: false,
      });
      const fields = response.body.fields as Field[];
      const byKey = Object.fromEntries(fields.map((f) => [f.key, f]));
      expect(byKey.policyNumber.value).toBe(CLAIM.policyNumber);
      expect(byKey.insuredName.value).toBe(CLAIM.insuredName);
      expect(byKey.dateOfLoss.value).toBe('2025-03-14');
      expect(byKey.claimAmount.value).toEqual({ amount: 12450, currency: 'USD' });
      const documentId = claimFile.documents[0].documentId;
      const lines = { policyNumber: 1, insuredName: 2, dateOfLoss: 3, claimAmount: 4 };
      for (const [key, line] of Object.entries(lines)) {
        const field = byKey[key];
        expect(field).toMatchObject({ type: EXTRACT_CONFIG.fields[line - 1].type, documentId });
        expect(field.flagged).toBe(false);
        expect(field.confidence).toBeGreaterThanOrEqual(0.7);
        expect(field.confidence).toBeLessThanOrEqual(1);
        // Grounded right of its label, on its own line.
        const grounding = field.grounding as Grounding;
        expect(grounding).toMatchObject({ documentId, page: 1 });
        expect(grounding.box.x).toBeGreaterThan(0.2);
        expect(grounding.box.y).toBeGreaterThan(lineTop(line) - 0.015);
        expect(grounding.box.y + grounding.box.height).toBeLessThan(lineTop(line) + 0.035);
        expect(grounding.box.width).toBeGreaterThan(0);
        expect(grounding.words.length).toBeGreaterThan(0);
      }
      expect(byKey.policyNumber.grounding?.words.map((w) => w.text)).toEqual([CLAIM.policyNumber]);
      expect(byKey.insuredName.grounding?.words.map((w) => w.text)).toEqual(['Jane', 'Smith']);
    });

    it('flags a missing required field and a failed range rule, with the reasons', async () => {
      const response = await extract(org.admin.token, org.projectId, {
        fileId: claimFile.fileId,
        documentId: claimFile.documents[0].documentId,
        config: {
          fields: [
            ...EXTRACT_CONFIG.fields.slice(0, 3),
            {
              key: 'claimAmount',
              type: 'money',
              label: 'Claim Amount',
              validation: [{ kind: 'range', max: 10000 }],
            },
            { key: 'adjusterName', type: 'string', label: 'Adjuster Name', required: true },
          ],
        },
      });
      expect(response.status).toBe(200);
      expect(response.body.needsReview).toBe(true);
      const byKey = Object.fromEntries((response.body.fields as Field[]).map((f) => [f.key, f]));
      expect(byKey.claimAmount).toMatchObject({
        value: { amount: 12450, currency: 'USD' },
        flagged: true,
      });
      expect(byKey.claimAmount.flagReasons.join(' ')).toMatch(/10000|10,000|at most/i);
      expect(byKey.adjusterName).toMatchObject({ value: null, flagged: true, grounding: null });
      expect(byKey.adjusterName.flagReasons.join(' ')).toMatch(/required|missing|not found/i);
      expect(byKey.policyNumber.flagged).toBe(false);
    });
  });

  describe('who may use it', () => {
    it.each(['classify', 'extract'] as const)(
      'refuses %s to a Partner and a Reviewer with 401 PERMISSION_DENIED',
      async (route) => {
        const call = route === 'classify' ? classify : extract;
        const config = route === 'classify' ? CLASSIFY_CONFIG : EXTRACT_CONFIG;
        for (const user of [partner, reviewer]) {
          const response = await call(user.token, org.projectId, {
            fileId: claimFile.fileId,
            config,
          });
          expect(response.status).toBe(401);
          expect(response.body.code).toBe('PERMISSION_DENIED');
        }
      },
    );

    it('answers 404 for another organization’s file or project', async () => {
      const foreignFile = await classify(other.admin.token, other.projectId, {
        fileId: claimFile.fileId,
        config: CLASSIFY_CONFIG,
      });
      expect(foreignFile.status).toBe(404);
      expect(foreignFile.body.code).toBe('NOT_FOUND');
      const foreignProject = await extract(other.admin.token, org.projectId, {
        fileId: claimFile.fileId,
        config: EXTRACT_CONFIG,
      });
      expect(foreignProject.status).toBe(404);
      expect(foreignProject.body.code).toBe('NOT_FOUND');
    });

    it('answers 404 for a documentId that is not a document of the file', async () => {
      const response = await extract(org.admin.token, org.projectId, {
        fileId: claimFile.fileId,
        documentId: invoiceFile.documents[0].documentId,
        config: EXTRACT_CONFIG,
      });
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('NOT_FOUND');
    });
  });

  describe('bad input', () => {
    it.each([
      ['no fileId', { config: CLASSIFY_CONFIG }, /fileId/],
      ['a fileId that is not a UUID', { fileId: 'abc', config: CLASSIFY_CONFIG }, /fileId/],
      ['no config', { fileId: '00000000-0000-4000-8000-000000000001' }, /config/],
      [
        'an unknown property',
        { fileId: '00000000-0000-4000-8000-000000000001', config: CLASSIFY_CONFIG, flow: 1 },
        /flow/,
      ],
      [
        'an unknown method',
        {
          fileId: '00000000-0000-4000-8000-000000000001',
          config: CLASSIFY_CONFIG,
          methods: ['magic'],
        },
        /methods/,
      ],
      [
        'an empty class list',
        { fileId: '00000000-0000-4000-8000-000000000001', config: { classes: [] } },
        /classes/,
      ],
      [
        'an unknown setting',
        {
          fileId: '00000000-0000-4000-8000-000000000001',
          config: { ...CLASSIFY_CONFIG, fields: [] },
        },
        /unknown setting fields/,
      ],
      [
        'a minConfidence past 1',
        {
          fileId: '00000000-0000-4000-8000-000000000001',
          config: { ...CLASSIFY_CONFIG, minConfidence: 1.01 },
        },
        /minConfidence/,
      ],
    ])('classify refuses %s with 400', async (_, body, message) => {
      const response = await classify(org.admin.token, org.projectId, body);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(response.body)).toMatch(message);
    });

    it('classify accepts minConfidence at its limit of 1', async () => {
      const response = await classify(org.admin.token, org.projectId, {
        fileId: claimFile.fileId,
        config: { ...CLASSIFY_CONFIG, minConfidence: 1 },
      });
      expect(response.status).toBe(200);
      expect(response.body.label).toBeNull();
    });

    it.each([
      [
        'a field of an unknown type',
        { fields: [{ key: 'a', type: 'colour' }] },
        /type must be one of/,
      ],
      [
        'duplicate keys',
        {
          fields: [
            { key: 'a', type: 'string' },
            { key: 'a', type: 'date' },
          ],
        },
        /unique/,
      ],
      ['an enum without options', { fields: [{ key: 'a', type: 'enum' }] }, /options/],
      [
        'an invalid pattern',
        { fields: [{ key: 'a', type: 'string', patterns: ['('] }] },
        /regular expression/,
      ],
    ])('extract refuses %s with 400', async (_, config, message) => {
      const response = await extract(org.admin.token, org.projectId, {
        fileId: claimFile.fileId,
        config,
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      expect(String(response.body.message)).toMatch(message);
    });

    it('refuses a file that is not READY yet with 400', async () => {
      const ticket = await requestUpload(org.admin.token, {
        filename: 'pending.pdf',
        workspaceId: org.workspaceId,
      });
      expect(ticket.status).toBe(201);
      const response = await extract(org.admin.token, org.projectId, {
        fileId: ticket.body.fileId,
        config: EXTRACT_CONFIG,
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/READY/);
      // Nothing was changed by the refused call: the file still waits for its upload.
      const file = await apiRequest<Body>('GET', `/files/${ticket.body.fileId}`, {
        token: org.admin.token,
      });
      expect(file.body.status).toBe('READY_TO_UPLOAD');
    });
  });
});
