import type { FlowGraph } from '@docket/contracts';
import {
  apiRequest,
  createTestOrganization,
  eventually,
  TestOrganization,
  TestUser,
} from '@docket/testing';

import { claimForm } from './support/claim-documents';
import {
  Body,
  environmentWithVariable,
  graphOf,
  liveFlow,
  startedRun,
  steps,
  waitForStatus,
} from './support/flows-api';
import { upload, waitForFileReady } from './support/uploads';
import { WebhookReceiver } from './support/webhook-receiver';

const TERMINAL = ['completed', 'failed', 'canceled'];
const SECRET = `whsec-${Math.random().toString(36).slice(2)}`;

/** File trigger -> classify -> extract -> route -> review -> write-back, as a customer builds it. */
function intakeGraph(url: string): FlowGraph {
  return graphOf(
    [
      { id: 'upload', type: 'trigger.file', config: { category: 'claims' } },
      {
        id: 'classify',
        type: 'ai.classify',
        config: {
          classes: [
            { label: 'fnol', keywords: ['First Notice of Loss'] },
            { label: 'invoice', keywords: ['Invoice Number'] },
          ],
        },
      },
      {
        id: 'extract',
        type: 'ai.extract',
        config: {
          fields: [
            {
              key: 'policy_number',
              type: 'string',
              label: 'Policy Number',
              patterns: ['PN-\\d{6}'],
              required: true,
            },
            { key: 'insured_name', type: 'string', label: 'Insured Name' },
            { key: 'date_of_loss', type: 'date', label: 'Date of Loss' },
            {
              key: 'claim_amount',
              type: 'money',
              label: 'Claim Amount',
              validation: [{ kind: 'range', max: 1000, message: 'over the desk limit of 1,000' }],
            },
          ],
        },
      },
      {
        id: 'match',
        type: 'action.matching',
        config: {
          rows: [
            { policy: 'PN-123456', holder: 'Jane Doe', account: 'ACC-1' },
            { policy: 'PN-999999', holder: 'John Roe', account: 'ACC-2' },
          ],
          match: [
            { field: 'policy_number', column: 'policy' },
            { field: 'insured_name', column: 'holder' },
          ],
          threshold: 0.9,
        },
      },
      {
        id: 'triage',
        type: 'control.route',
        config: { routes: [{ branch: 'review', when: 'nodes.extract.needsReview' }] },
      },
      {
        id: 'review',
        type: 'action.review',
        config: { instructions: 'Check the flagged amounts' },
      },
      {
        id: 'send',
        name: 'Send to claims system',
        type: 'action.write-back',
        config: { url, secretVariable: 'WEBHOOK_SECRET' },
      },
    ],
    [
      ['upload', 'classify'],
      ['classify', 'extract'],
      ['extract', 'match'],
      ['match', 'triage'],
      ['triage', 'review', 'review'],
      ['triage', 'send', 'default'],
      ['review', 'send', 'submitted'],
    ],
  );
}

interface FieldBody extends Body {
  key: string;
  value: unknown;
  version: number;
  documentId?: string;
  flagged: boolean;
  confidence: number;
  grounding: Array<{ documentId: string; page: number; box: Record<string, number> }>;
}

describe('from upload to write-back, through the API only', () => {
  let org: TestOrganization;
  let reviewer: TestUser;
  let receiver: WebhookReceiver;
  let flowId: string;
  let environmentId: string;

  beforeAll(async () => {
    org = await createTestOrganization();
    reviewer = await org.addUser('Reviewer');
    receiver = new WebhookReceiver(SECRET);
    const url = await receiver.start();
    environmentId = await environmentWithVariable(org.admin.token, org.projectId, {
      name: 'WEBHOOK_SECRET',
      value: SECRET,
    });
    flowId = await liveFlow(org.admin.token, org.projectId, intakeGraph(url), { environmentId });
  });

  afterAll(async () => {
    await receiver?.stop();
  });

  /** Uploads a claim form; the file trigger starts a run by itself. */
  async function runForUpload(claimAmount: string): Promise<string> {
    const pdf = await claimForm({
      policyNumber: 'PN-123456',
      insuredName: 'Jane Doe',
      dateOfLoss: '03/14/2025',
      claimAmount,
    });
    const fileId = await upload(org.admin.token, org.workspaceId, 'fnol.pdf', pdf, 'claims');
    await waitForFileReady(org.admin.token, fileId);
    return eventually(async () => {
      const list = await apiRequest<{ data: Body[] }>(
        'GET',
        `/flow-executions?projectId=${org.projectId}&flowId=${flowId}&trigger=file&limit=100`,
        { token: org.admin.token },
      );
      const found = list.body.data.find((e) => (e.fileIds as string[]).includes(fileId));
      return found ? (found.executionId as string) : undefined;
    }, 30_000);
  }

  async function itemOf(executionId: string): Promise<Body> {
    const execution = await waitForStatus(
      org.admin.token,
      executionId,
      ['in_review', ...TERMINAL],
      60_000,
    );
    const itemId = (execution.itemIds as string[])[0];
    const item = await apiRequest<Body>('GET', `/items/${itemId}?projectId=${org.projectId}`, {
      token: reviewer.token,
    });
    expect(item.status).toBe(200);
    return item.body;
  }

  async function fieldsOf(itemId: string): Promise<FieldBody[]> {
    const response = await apiRequest<{ data: FieldBody[] }>(
      'GET',
      `/items/${itemId}/fields?projectId=${org.projectId}&limit=100`,
      { token: reviewer.token },
    );
    expect(response.status).toBe(200);
    return response.body.data;
  }

  async function review(itemId: string, corrections: Record<string, unknown> = {}): Promise<void> {
    const token = reviewer.token;
    expect((await apiRequest('POST', `/items/${itemId}/lock`, { token })).status).toBe(200);
    const fields = await fieldsOf(itemId);
    for (const [key, value] of Object.entries(corrections)) {
      const field = fields.find((f) => f.key === key)!;
      const edit = await apiRequest<Body>('PATCH', `/items/${itemId}/fields/${key}`, {
        token,
        body: {
          value,
          expectedVersion: field.version,
          ...(field.documentId ? { documentId: field.documentId } : {}),
        },
      });
      expect(edit.status).toBe(200);
    }
    const submit = await apiRequest<Body>('POST', `/items/${itemId}/submit`, { token });
    expect(submit.status).toBe(200);
  }

  let firstExecution: string;

  it('runs upload -> classify -> extract -> route -> review -> write-back, with one signed delivery', async () => {
    firstExecution = await runForUpload('$1,250.00');
    const waiting = await waitForStatus(
      org.admin.token,
      firstExecution,
      ['in_review', ...TERMINAL],
      60_000,
    );
    expect(waiting).toMatchObject({
      status: 'in_review',
      trigger: 'file',
      flowVersion: 'v1.0.0',
      environmentId,
    });

    const item = await itemOf(firstExecution);
    expect(item).toMatchObject({ status: 'REVIEW', temporalWorkflowId: firstExecution, flowId });
    expect((item.documents as Body[])[0]).toMatchObject({ classification: 'fnol' });

    const fields = await fieldsOf(item.id as string);
    const byKey = new Map(fields.map((field) => [field.key, field]));
    expect(byKey.get('policy_number')).toMatchObject({ value: 'PN-123456', flagged: false });
    expect(byKey.get('insured_name')?.value).toBe('Jane Doe');
    const amount = byKey.get('claim_amount')!;
    expect(amount).toMatchObject({ value: { amount: 1250, currency: 'USD' }, flagged: true });
    expect(amount.flagReasons).toEqual(
      expect.arrayContaining([expect.stringMatching(/desk limit/)]),
    );
    for (const field of fields) {
      expect(field.confidence).toBeGreaterThan(0);
      expect(field.confidence).toBeLessThanOrEqual(1);
      expect(field.grounding[0]).toMatchObject({ page: 1, documentId: expect.any(String) });
    }

    const recorded = await steps(org.admin.token, firstExecution);
    expect(recorded.map((s) => [s.nodeId, s.status])).toEqual([
      ['upload', 'completed'],
      ['classify', 'completed'],
      ['extract', 'completed'],
      ['match', 'completed'],
      ['triage', 'completed'],
      ['review', 'waiting'],
    ]);
    expect(recorded.find((s) => s.nodeId === 'match')?.output).toMatchObject({
      matched: true,
      score: 1,
      row: { account: 'ACC-1' },
    });
    expect(receiver.forExecution(firstExecution)).toHaveLength(0);

    await review(item.id as string, { claim_amount: { amount: 950, currency: 'USD' } });

    const done = await waitForStatus(org.admin.token, firstExecution, TERMINAL, 60_000);
    expect(done.status).toBe('completed');
    const after = await apiRequest<Body>('GET', `/items/${item.id}?projectId=${org.projectId}`, {
      token: reviewer.token,
    });
    expect(after.body.status).toBe('COMPLETE');

    const deliveries = await eventually(async () => {
      const found = receiver.forExecution(firstExecution);
      return found.length > 0 ? found : undefined;
    });
    expect(deliveries).toHaveLength(1);
    const [delivery] = deliveries;
    expect(delivery.signatureValid).toBe(true);
    expect(delivery.idempotencyKey).toBe(`${firstExecution}:send`);
    const sent = new Map((delivery.body.fields as Body[]).map((f) => [f.key, f.value]));
    expect(sent.get('claim_amount')).toEqual({ amount: 950, currency: 'USD' });
    expect(sent.get('policy_number')).toBe('PN-123456');
    expect(delivery.body).toMatchObject({
      executionId: firstExecution,
      itemId: item.id,
      flowVersion: 'v1.0.0',
    });
    expect((delivery.body.review as Body).reviewer).toMatchObject({ userId: reviewer.userId });

    const finalSteps = await steps(org.admin.token, firstExecution);
    expect(finalSteps.find((s) => s.nodeId === 'review')?.status).toBe('completed');
    expect(finalSteps.find((s) => s.nodeId === 'send')).toMatchObject({
      status: 'completed',
      output: { sent: true, status: 200, idempotencyKey: `${firstExecution}:send` },
    });
    // The signing secret is a variable: it appears in no step.
    expect(JSON.stringify(finalSteps)).not.toContain(SECRET);
  });

  it('reruns the execution: a new executionId and a second write-back', async () => {
    const rerun = await apiRequest<Body>('POST', `/flow-executions/${firstExecution}/rerun`, {
      token: org.admin.token,
    });
    expect(rerun.status).toBe(201);
    const rerunId = rerun.body.executionId as string;
    expect(rerunId).not.toBe(firstExecution);
    const item = await itemOf(rerunId);
    expect(item).toMatchObject({ status: 'REVIEW', temporalWorkflowId: rerunId });
    await review(item.id as string);
    const done = await waitForStatus(org.admin.token, rerunId, TERMINAL, 60_000);
    expect(done).toMatchObject({
      status: 'completed',
      parentExecutionId: firstExecution,
      trigger: 'rerun',
    });
    const second = await eventually(async () => receiver.forExecution(rerunId)[0]);
    expect(second.idempotencyKey).toBe(`${rerunId}:send`);
    expect(second.signatureValid).toBe(true);
    expect(receiver.forExecution(firstExecution)).toHaveLength(1);
  });

  it('cancels a run waiting in review: the run ends canceled and its item CANCELED', async () => {
    const executionId = await runForUpload('$2,000.00');
    const item = await itemOf(executionId);
    expect(item.status).toBe('REVIEW');
    const cancel = await apiRequest<Body>('POST', `/flow-executions/${executionId}/cancel`, {
      token: org.admin.token,
    });
    expect(cancel.status).toBe(200);
    const ended = await waitForStatus(org.admin.token, executionId, TERMINAL);
    expect(ended.status).toBe('canceled');
    await eventually(async () => {
      const read = await apiRequest<Body>('GET', `/items/${item.id}?projectId=${org.projectId}`, {
        token: reviewer.token,
      });
      return read.body.status === 'CANCELED' ? true : undefined;
    });
    expect(receiver.forExecution(executionId)).toHaveLength(0);
  });

  it('routes a clean document straight to write-back, without review', async () => {
    const executionId = await runForUpload('$400.00');
    const done = await waitForStatus(org.admin.token, executionId, TERMINAL, 60_000);
    expect(done.status).toBe('completed');
    const recorded = await steps(org.admin.token, executionId);
    expect(recorded.map((s) => s.nodeId)).not.toContain('review');
    const delivery = await eventually(async () => receiver.forExecution(executionId)[0]);
    expect(
      new Map((delivery.body.fields as Body[]).map((f) => [f.key, f.value])).get('claim_amount'),
    ).toEqual({
      amount: 400,
      currency: 'USD',
    });
  });

  it('a draft (test) run only records what its write-back would send', async () => {
    const url = await (async () => {
      const flow = await apiRequest<Body>('GET', `/flows/${flowId}`, { token: org.admin.token });
      const send = (flow.body.draft as FlowGraph).nodes.find((node) => node.id === 'send')!;
      return send.config!.url as string;
    })();
    const created = await apiRequest<Body>('POST', `/projects/${org.projectId}/flows`, {
      token: org.admin.token,
      body: {
        name: 'Draft write-back',
        graph: graphOf(
          [
            { id: 'start', type: 'trigger.api' },
            {
              id: 'send',
              type: 'action.write-back',
              config: { url, secretVariable: 'WEBHOOK_SECRET' },
            },
          ],
          [['start', 'send']],
        ),
      },
    });
    const executionId = await startedRun(org.admin.token, created.body.flowId as string, {
      draft: true,
      environmentId,
      input: { note: 'dry run' },
    });
    const done = await waitForStatus(org.admin.token, executionId, TERMINAL);
    expect(done).toMatchObject({ status: 'completed', test: true, flowVersion: 'draft' });
    const send = (await steps(org.admin.token, executionId)).find((s) => s.nodeId === 'send');
    expect(send?.output).toMatchObject({
      sent: false,
      test: true,
      url,
      idempotencyKey: `${executionId}:send`,
      body: { executionId, input: { note: 'dry run' } },
    });
    expect(receiver.forExecution(executionId)).toHaveLength(0);
  });

  it('fails a run whose write-back is refused, naming the node; its item FAILED', async () => {
    const refusing = new WebhookReceiver(SECRET);
    refusing.status = 422;
    const url = await refusing.start();
    try {
      const failingFlow = await liveFlow(
        org.admin.token,
        org.projectId,
        graphOf(
          [
            { id: 'start', type: 'trigger.api' },
            {
              id: 'send',
              name: 'Send to claims system',
              type: 'action.write-back',
              config: { url, secretVariable: 'WEBHOOK_SECRET' },
            },
          ],
          [['start', 'send']],
        ),
      );
      const executionId = await startedRun(org.admin.token, failingFlow, { environmentId });
      const ended = await waitForStatus(org.admin.token, executionId, TERMINAL);
      expect(ended).toMatchObject({
        status: 'failed',
        error: { code: 'WRITE_BACK_REJECTED', nodeId: 'send', nodeName: 'Send to claims system' },
      });
      const itemId = (ended.itemIds as string[])[0];
      const item = await apiRequest<Body>('GET', `/items/${itemId}?projectId=${org.projectId}`, {
        token: reviewer.token,
      });
      expect(item.body.status).toBe('FAILED');
      // A refusal is final: not retried.
      expect(refusing.attempts).toBe(1);
    } finally {
      await refusing.stop();
    }
  });
});
