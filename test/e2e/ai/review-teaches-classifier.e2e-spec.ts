import { apiRequest, createTestOrganization, TestOrganization, TestUser } from '@docket/testing';

import { uploadFile } from '../files/support/files-api';
import { pdfOf } from '../flows/support/claim-documents';
import {
  API_ONLY,
  Body,
  createdFlowId,
  graphOf,
  liveFlow,
  saveDraft,
  startedRun,
  steps,
  waitForStatus,
} from '../flows/support/flows-api';
import { classify, CLASSIFY_CONFIG, feedback } from './support/ai-api';
import { openReview } from './support/review-session';

// A run to review, a submit and the run to its end: on a loaded 2-core machine over a minute.
jest.setTimeout(240_000);

const TERMINAL = ['completed', 'failed', 'canceled'];

/** Examples of another class, so the model has something to tell the reviewed class from. */
const INVOICES = [
  'Repair Invoice\nInvoice Number INV-1001\nAmount Due $450.00\nVendor Quick Glass',
  'Repair Invoice\nInvoice Number INV-2002\nLabor and parts\nAmount Due $1,200.00',
];

/** Rules call this form `fnol`; the reviewer says it is a `glass-claim`. */
function glassClaimPdf(): Promise<Buffer> {
  return pdfOf([
    [
      'First Notice of Loss',
      'Document Class: fnol',
      'Windshield chipped by gravel on the highway',
      'Glass repair requested at the insured vehicle',
    ],
  ]);
}

/** classify (rules) -> extract the documentClass field -> review: what the reviewer corrects. */
const GRAPH = graphOf(
  [
    { id: 'start', type: 'trigger.api' },
    { id: 'classify', type: 'ai.classify', config: CLASSIFY_CONFIG },
    {
      id: 'extract',
      type: 'ai.extract',
      config: { fields: [{ key: 'documentClass', type: 'string', label: 'Document Class' }] },
    },
    { id: 'review', type: 'action.review', config: { instructions: 'Check the class' } },
  ],
  [
    ['start', 'classify'],
    ['classify', 'extract'],
    ['extract', 'review'],
  ],
);

/** The classes the reviewers taught, no rules: only the learned model can tell them apart. */
const LEARNED_CLASSES = {
  classes: [{ label: 'invoice' }, { label: 'glass-claim' }],
  minConfidence: 0.5,
  methods: ['model'],
};

/** A run that only classifies, as the configuration asks: by the project's learned model. */
const MODEL_GRAPH = graphOf(
  [
    { id: 'start', type: 'trigger.api' },
    { id: 'classify', type: 'ai.classify', config: LEARNED_CLASSES },
  ],
  [['start', 'classify']],
);

describe('a run’s review teaches the project’s classifier', () => {
  let org: TestOrganization;
  let reviewer: TestUser;

  beforeAll(async () => {
    org = await createTestOrganization();
    reviewer = await org.addUser('Reviewer');
  }, 60_000);

  it('learns the reviewer’s corrected class, once, and classifies the document with it by model', async () => {
    for (const text of INVOICES) {
      expect(
        (await feedback(org.admin.token, org.projectId, { text, label: 'invoice' })).status,
      ).toBe(200);
    }
    const file = await uploadFile(
      org.admin.token,
      org.workspaceId,
      'glass.pdf',
      await glassClaimPdf(),
    );
    expect(file.status).toBe('READY');
    const modelOnly = {
      fileId: file.fileId,
      config: { classes: [{ label: 'invoice' }, { label: 'glass-claim' }], minConfidence: 0.5 },
      methods: ['model'],
    };
    const before = await classify(org.admin.token, org.projectId, modelOnly);
    // A model of one class cannot classify anything yet.
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ label: null, methods: [], modelVersion: 0 });

    const flowId = await liveFlow(org.admin.token, org.projectId, GRAPH);
    const executionId = await startedRun(org.admin.token, flowId, { fileIds: [file.fileId] });
    const waiting = await waitForStatus(
      org.admin.token,
      executionId,
      ['in_review', ...TERMINAL],
      60_000,
    );
    expect(waiting.status).toBe('in_review');
    const itemId = (waiting.itemIds as string[])[0];
    const item = await apiRequest<Body>('GET', `/items/${itemId}?projectId=${org.projectId}`, {
      token: reviewer.token,
    });
    const [document] = item.body.documents as Body[];
    expect(document).toMatchObject({ classification: 'fnol' });

    const review = await openReview(reviewer.token, org.projectId, itemId);
    expect(review.fields.documentClass).toMatchObject({
      value: 'fnol',
      documentId: document.documentId,
    });
    const edit = await review.correct('documentClass', { value: 'glass-claim' });
    expect(edit.status).toBe(200);
    expect((await review.submit()).status).toBe(200);

    // Generous: on a loaded 2-core machine a run waits for workflow tasks behind others.
    const done = await waitForStatus(org.admin.token, executionId, TERMINAL, 120_000);
    expect(done.status).toBe('completed');
    const reviewStep = (await steps(org.admin.token, executionId)).find(
      (s) => s.nodeId === 'review',
    );
    expect((reviewStep?.output as Body).classifierFeedback).toEqual([
      {
        documentId: document.documentId,
        label: 'glass-claim',
        source: 'corrected',
        status: 'applied',
        modelVersion: 3,
      },
    ]);

    const after = await classify(org.admin.token, org.projectId, modelOnly);
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ label: 'glass-claim', methods: ['model'], modelVersion: 3 });

    // A production run classifies the next such document by the learned model, as the preview.
    const next = await uploadFile(
      org.admin.token,
      org.workspaceId,
      'glass-2.pdf',
      await glassClaimPdf(),
    );
    const preview = await classify(org.admin.token, org.projectId, {
      fileId: next.fileId,
      config: LEARNED_CLASSES,
    });
    expect(preview.body).toMatchObject({
      label: 'glass-claim',
      methods: ['model'],
      modelVersion: 3,
    });
    const modelFlowId = await liveFlow(org.admin.token, org.projectId, MODEL_GRAPH);
    const modelRun = await startedRun(org.admin.token, modelFlowId, { fileIds: [next.fileId] });
    const classified = await waitForStatus(org.admin.token, modelRun, TERMINAL, 120_000);
    expect(classified.status).toBe('completed');
    const classifyStep = (await steps(org.admin.token, modelRun)).find(
      (s) => s.nodeId === 'classify',
    );
    const [byModel] = (classifyStep?.output as { documents: Body[] }).documents;
    expect(byModel).toMatchObject({
      label: 'glass-claim',
      methods: ['model'],
      modelVersion: 3,
    });
    // The preview rounds its confidence to four places; the run's step keeps the engine's.
    expect(byModel.confidence as number).toBeCloseTo(preview.body.confidence as number, 4);
    const runItem = await apiRequest<Body>(
      'GET',
      `/items/${(classified.itemIds as string[])[0]}?projectId=${org.projectId}`,
      { token: org.admin.token },
    );
    expect(runItem.body.documents).toEqual([
      expect.objectContaining({ documentId: byModel.documentId, classification: 'glass-claim' }),
    ]);
  }, 180_000);

  it.each([
    ['no methods', []],
    ['a method twice', ['model', 'model']],
    ['three methods, one past the two there are', ['rules', 'model', 'rules']],
    ['an unknown method', ['hosted']],
  ])('refuses an ai.classify node with %s in its draft, naming the node', async (_, methods) => {
    const flowId = await createdFlowId(org.admin.token, org.projectId);
    const graph = graphOf(
      [
        { id: 'start', type: 'trigger.api' },
        { id: 'classify', type: 'ai.classify', config: { ...LEARNED_CLASSES, methods } },
      ],
      [['start', 'classify']],
    );
    const response = await saveDraft(org.admin.token, flowId, graph);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(response.body.message).toMatch(/methods must list one or more of rules, model/);
    expect((response.body.details as Body).nodeId).toBe('classify');
    const read = await apiRequest<Body>('GET', `/flows/${flowId}`, { token: org.admin.token });
    expect(read.body.draft).toEqual(API_ONLY);
  });

  it('accepts both methods, the most there are, in a draft', async () => {
    const flowId = await createdFlowId(org.admin.token, org.projectId);
    const graph = graphOf(
      [
        { id: 'start', type: 'trigger.api' },
        {
          id: 'classify',
          type: 'ai.classify',
          config: { ...LEARNED_CLASSES, methods: ['rules', 'model'] },
        },
      ],
      [['start', 'classify']],
    );
    expect((await saveDraft(org.admin.token, flowId, graph)).status).toBe(200);
  });
});
