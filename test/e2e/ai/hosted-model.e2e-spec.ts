import type { ServerResponse } from 'node:http';

import type { FlowNode } from '@docket/contracts';
import {
  chatAnswer,
  FakeChatCompletionsServer,
  type RecordedRequest,
  sendJson,
} from '@docket/document-intelligence';
import { apiRequest, createTestOrganization, TestOrganization } from '@docket/testing';

import { uploadFile } from '../files/support/files-api';
import { pdfOf } from '../flows/support/claim-documents';
import {
  API_ONLY,
  Body,
  createdFlowId,
  environmentWithVariable,
  graphOf,
  liveFlow,
  saveDraft,
  startedRun,
  steps,
  waitForStatus,
} from '../flows/support/flows-api';
import { classify, extract } from './support/ai-api';

// Failing scenarios wait out the activity's retry policy (three attempts, 2 s then 4 s apart).
jest.setTimeout(180_000);

const TERMINAL = ['completed', 'failed', 'canceled'];
const API_KEY = 'sk-test-hosted-4f1c9a';
const USAGE = { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 };

/** What the stand-in model "reads" for each field key it is asked about. */
const ANSWERS: Record<string, string> = {
  policyNumber: 'PN-48213',
  adjuster: 'Dana Whitfield',
  // Printed nowhere in the document: must come back flagged as not grounded.
  reference: 'ZZ-0000',
};

const FIELDS = [
  { key: 'policyNumber', type: 'string', label: 'Policy Number' },
  { key: 'adjuster', type: 'string', label: 'Claims Adjuster' },
  { key: 'reference', type: 'string', label: 'Reference Code' },
];

function claimPdf(): Promise<Buffer> {
  return pdfOf([
    [
      'Claim Summary',
      'Policy Number: PN-48213',
      'This file was handled by Dana Whitfield in the Denver office',
    ],
  ]);
}

/** The fields the request asked for: the properties of its strict JSON schema. */
function askedKeys(request: RecordedRequest): string[] {
  const body = request.body as {
    response_format: { json_schema: { schema: { properties: Record<string, unknown> } } };
  };
  return Object.keys(body.response_format.json_schema.schema.properties).sort();
}

function modelOf(request: RecordedRequest): string {
  return (request.body as { model: string }).model;
}

/**
 * Each flow names its own model, so one server plays every scenario side by side; previews ask
 * for `preview-<scenario>`, so what they send is counted apart from the runs.
 */
function scenario(server: FakeChatCompletionsServer) {
  return (request: RecordedRequest, response: ServerResponse): void => {
    const model = modelOf(request);
    const calls = server.requests.filter((r) => modelOf(r) === model).length;
    const answer = (content: string) =>
      sendJson(response, 200, JSON.stringify({ ...JSON.parse(chatAnswer(content)), usage: USAGE }));
    const fields = () =>
      answer(JSON.stringify(Object.fromEntries(askedKeys(request).map((k) => [k, ANSWERS[k]]))));
    switch (model.replace(/^preview-/, '')) {
      case 'reader':
        return fields();
      case 'classifier':
      case 'fallback-classifier':
        return answer(JSON.stringify({ label: 'invoice', confidence: 0.92 }));
      case 'summariser':
        return answer(
          JSON.stringify({
            summary: 'A claim summary for policy PN-48213.',
            insight: 'Nothing needs attention.',
          }),
        );
      case 'flaky':
        // Rate limited once, then answers: the activity's retry gets through.
        if (calls === 1) {
          sendJson(response, 429, '{"error":{"message":"slow down"}}', { 'retry-after': '0' });
          return;
        }
        return fields();
      case 'down':
        sendJson(response, 500, '{"error":{"message":"upstream exploded"}}');
        return;
      case 'garbled':
        return answer('{"adjuster": "Dana Whit');
      case 'locked-out':
        sendJson(response, 401, '{"error":{"message":"invalid api key"}}');
        return;
      case 'slow':
        // Never answers; the node's one-second timeout ends each attempt.
        return;
      default:
        sendJson(response, 400, '{"error":{"message":"unknown model"}}');
    }
  };
}

/** A draft's hosted settings (the tables are built before the stand-in server starts). */
function endpoint(model: string, extra: Record<string, unknown> = {}) {
  return { baseUrl: 'https://llm.example.com/v1', model, apiKeyVariable: 'LLM_API_KEY', ...extra };
}

describe('bring your own model: ai.extract, ai.classify and ai.summarize on an OpenAI-compatible endpoint', () => {
  const server = new FakeChatCompletionsServer();
  let baseUrl: string;
  let org: TestOrganization;
  let environmentId: string;
  let fileId: string;

  beforeAll(async () => {
    baseUrl = await server.start();
    server.handler = scenario(server);
    org = await createTestOrganization();
    environmentId = await environmentWithVariable(org.admin.token, org.projectId, {
      name: 'LLM_API_KEY',
      value: API_KEY,
    });
    const file = await uploadFile(org.admin.token, org.workspaceId, 'claim.pdf', await claimPdf());
    expect(file.status).toBe('READY');
    fileId = file.fileId;
  }, 60_000);

  afterAll(() => server.stop());

  function hosted(model: string, extra: Record<string, unknown> = {}) {
    return { baseUrl, model, apiKeyVariable: 'LLM_API_KEY', ...extra };
  }

  /** A run of one AI node on the claim, to its end, and that node's step. */
  async function runOf(node: FlowNode) {
    const graph = graphOf([{ id: 'start', type: 'trigger.api' }, node], [['start', node.id]]);
    const flowId = await liveFlow(org.admin.token, org.projectId, graph, { environmentId });
    const executionId = await startedRun(org.admin.token, flowId, {
      fileIds: [fileId],
      environmentId,
    });
    const ended = await waitForStatus(org.admin.token, executionId, TERMINAL, 120_000);
    const step = (await steps(org.admin.token, executionId)).find((s) => s.nodeId === node.id);
    return { ended, step: step! };
  }

  function extractRun(hostedConfig: Record<string, unknown>) {
    return runOf({
      id: 'extract',
      type: 'ai.extract',
      config: { fields: FIELDS, hosted: hostedConfig },
    });
  }

  it('fills what the rules leave, grounds each value, flags the ungrounded and counts tokens', async () => {
    const { ended, step } = await extractRun(hosted('reader'));
    expect(ended.status).toBe('completed');
    const asked = server.requests.filter((r) => modelOf(r) === 'reader');
    expect(asked).toHaveLength(1);
    // Fallback: the policy number the rules read is not asked for.
    expect(askedKeys(asked[0])).toEqual(['adjuster', 'reference']);
    expect(asked[0].headers.authorization).toBe(`Bearer ${API_KEY}`);
    const output = step.output as { fields: Body[]; hostedModel: Body };
    expect(output.hostedModel).toEqual({
      calls: 1,
      model: 'openai-compatible:reader',
      promptTokens: 120,
      completionTokens: 30,
    });
    const byKey = new Map(output.fields.map((field) => [field.key, field]));
    expect(byKey.get('policyNumber')).toMatchObject({ value: 'PN-48213' });
    expect(byKey.get('policyNumber')?.source).not.toBe('hosted');
    expect(byKey.get('adjuster')).toMatchObject({ value: 'Dana Whitfield', source: 'hosted' });
    expect(byKey.get('reference')).toMatchObject({
      value: 'ZZ-0000',
      source: 'hosted',
      flagged: true,
    });
    expect(byKey.get('reference')?.flagReasons).toContain('value not grounded in the document');

    const itemId = (ended.itemIds as string[])[0];
    const itemFields = await apiRequest<{ data: Body[] }>(
      'GET',
      `/items/${itemId}/fields?projectId=${org.projectId}&limit=100`,
      { token: org.admin.token },
    );
    const adjuster = itemFields.body.data.find((field) => field.key === 'adjuster')!;
    // Grounded: the box of the words "Dana Whitfield" on page 1.
    expect(adjuster.grounding).toEqual([expect.objectContaining({ page: 1 })]);
    const reference = itemFields.body.data.find((field) => field.key === 'reference')!;
    expect(reference).toMatchObject({ flagged: true });
    expect(reference.grounding ?? []).toEqual([]);
    // The key never reaches the run's record.
    expect(JSON.stringify(step)).not.toContain(API_KEY);
  });

  it('reads every field in primary mode', async () => {
    const { ended } = await extractRun(hosted('reader', { mode: 'primary' }));
    expect(ended.status).toBe('completed');
    const last = server.requests.filter((r) => modelOf(r) === 'reader').at(-1)!;
    expect(askedKeys(last)).toEqual(['adjuster', 'policyNumber', 'reference']);
  });

  it('classifies with the hosted model in primary mode, with its token counts', async () => {
    const { ended, step } = await runOf({
      id: 'classify',
      type: 'ai.classify',
      config: {
        classes: [{ label: 'fnol' }, { label: 'invoice', description: 'Repair invoice' }],
        hosted: hosted('classifier', { mode: 'primary' }),
      },
    });
    expect(ended.status).toBe('completed');
    const output = step.output as { documents: Body[]; hostedModel: Body };
    expect(output.documents).toEqual([
      expect.objectContaining({ label: 'invoice', methods: ['hosted'], modelVersion: 0 }),
    ]);
    expect(output.documents[0].confidence as number).toBeCloseTo(0.92, 5);
    expect(output.hostedModel).toMatchObject({ calls: 1, promptTokens: 120, completionTokens: 30 });
  });

  it('classifies by the rules first in fallback mode, asking the model only when they leave no class', async () => {
    const classify = (classes: unknown[]) =>
      runOf({
        id: 'classify',
        type: 'ai.classify',
        config: { classes, hosted: hosted('fallback-classifier') },
      });
    const decidedByRules = await classify([
      { label: 'claim', keywords: [{ term: 'Claim Summary', weight: 3 }, 'Policy Number'] },
      { label: 'invoice', keywords: [{ term: 'Repair Invoice', weight: 3 }] },
    ]);
    expect(decidedByRules.ended.status).toBe('completed');
    const ruled = decidedByRules.step.output as { documents: Body[]; hostedModel: Body };
    expect(ruled.documents).toEqual([
      expect.objectContaining({ label: 'claim', methods: ['rules'] }),
    ]);
    expect(ruled.hostedModel).toMatchObject({ calls: 0, promptTokens: 0 });
    expect(server.requests.filter((r) => modelOf(r) === 'fallback-classifier')).toHaveLength(0);

    const leftOpen = await classify([{ label: 'fnol' }, { label: 'invoice' }]);
    expect(leftOpen.ended.status).toBe('completed');
    const hostedAnswer = leftOpen.step.output as { documents: Body[]; hostedModel: Body };
    expect(hostedAnswer.documents).toEqual([
      expect.objectContaining({ label: 'invoice', methods: ['hosted'] }),
    ]);
    expect(hostedAnswer.hostedModel).toMatchObject({ calls: 1, completionTokens: 30 });
  });

  it('writes the summary with the model where no template applies', async () => {
    const graph = graphOf(
      [
        { id: 'start', type: 'trigger.api' },
        { id: 'extract', type: 'ai.extract', config: { fields: FIELDS.slice(0, 1) } },
        { id: 'summary', type: 'ai.summarize', config: { hosted: hosted('summariser') } },
      ],
      [
        ['start', 'extract'],
        ['extract', 'summary'],
      ],
    );
    const flowId = await liveFlow(org.admin.token, org.projectId, graph, { environmentId });
    const executionId = await startedRun(org.admin.token, flowId, {
      fileIds: [fileId],
      environmentId,
    });
    const ended = await waitForStatus(org.admin.token, executionId, TERMINAL, 120_000);
    expect(ended.status).toBe('completed');
    const step = (await steps(org.admin.token, executionId)).find((s) => s.nodeId === 'summary');
    expect(step?.output).toMatchObject({
      summary: 'A claim summary for policy PN-48213.',
      insight: 'Nothing needs attention.',
      source: 'hosted',
      hostedModel: { calls: 1, promptTokens: 120, completionTokens: 30 },
    });
    const asked = server.requests.find((r) => modelOf(r) === 'summariser')!;
    // The model reads the item's fields, not the pages.
    expect(JSON.stringify(asked.body)).toContain('policyNumber: PN-48213');
    const item = await apiRequest<Body>(
      'GET',
      `/items/${(ended.itemIds as string[])[0]}?projectId=${org.projectId}`,
      { token: org.admin.token },
    );
    expect(JSON.stringify(item.body)).toContain('A claim summary for policy PN-48213.');
  });

  it('retries a 429 under the activity’s retry policy and completes', async () => {
    const { ended } = await extractRun(hosted('flaky'));
    expect(ended.status).toBe('completed');
    expect(server.requests.filter((r) => modelOf(r) === 'flaky')).toHaveLength(2);
  });

  it.each([
    ['a 500 on every attempt', 'down', {}, 'HOSTED_MODEL_PROVIDER_UNAVAILABLE', 3],
    ['malformed JSON on every attempt', 'garbled', {}, 'HOSTED_MODEL_INVALID_JSON', 3],
    ['no answer within its timeout', 'slow', { timeoutSeconds: 1 }, 'HOSTED_MODEL_TIMEOUT', 3],
    ['a refused API key, not retried', 'locked-out', {}, 'HOSTED_MODEL_AUTHENTICATION_FAILED', 1],
  ])('fails the run clearly after %s', async (_, model, extra, code, attempts) => {
    const { ended } = await extractRun(hosted(model, extra));
    expect(ended.status).toBe('failed');
    expect(ended.error).toMatchObject({ code, nodeId: 'extract' });
    expect(JSON.stringify(ended.error)).not.toContain(API_KEY);
    expect(server.requests.filter((r) => modelOf(r) === model)).toHaveLength(attempts);
  });

  describe('the preview (POST /projects/{projectId}/ai/extract and /ai/classify) in an environment', () => {
    const previewed = (model: string) => server.requests.filter((r) => modelOf(r) === model);

    function previewExtract(hostedConfig: Record<string, unknown>, environment?: string) {
      return extract(org.admin.token, org.projectId, {
        fileId,
        config: { fields: FIELDS, hosted: hostedConfig },
        ...(environment ? { environmentId: environment } : {}),
      });
    }

    it('fills what the rules leave with the model, as a run does: grounded, flagged, counted', async () => {
      const response = await previewExtract(hosted('preview-reader'), environmentId);
      expect(response.status).toBe(200);
      const asked = previewed('preview-reader');
      expect(asked).toHaveLength(1);
      expect(askedKeys(asked[0])).toEqual(['adjuster', 'reference']);
      expect(asked[0].headers.authorization).toBe(`Bearer ${API_KEY}`);
      expect(response.body.hostedModel).toEqual({
        calls: 1,
        model: 'openai-compatible:preview-reader',
        promptTokens: 120,
        completionTokens: 30,
      });
      const byKey = new Map((response.body.fields as Body[]).map((field) => [field.key, field]));
      expect(byKey.get('policyNumber')).toMatchObject({ value: 'PN-48213' });
      expect(byKey.get('policyNumber')?.source).not.toBe('hosted');
      expect(byKey.get('adjuster')).toMatchObject({
        value: 'Dana Whitfield',
        source: 'hosted',
        flagged: false,
        grounding: expect.objectContaining({ page: 1 }),
      });
      expect(byKey.get('reference')).toMatchObject({
        value: 'ZZ-0000',
        source: 'hosted',
        flagged: true,
        grounding: null,
      });
      expect(byKey.get('reference')?.flagReasons).toContain('value not grounded in the document');
      expect(response.body.needsReview).toBe(true);
      expect(JSON.stringify(response.body)).not.toContain(API_KEY);
    });

    it('leaves the model out without an environment, as before previews had one', async () => {
      const response = await previewExtract(hosted('preview-unasked'));
      expect(response.status).toBe(200);
      expect(response.body.hostedModel).toBeUndefined();
      const byKey = new Map((response.body.fields as Body[]).map((field) => [field.key, field]));
      expect(byKey.get('policyNumber')).toMatchObject({ value: 'PN-48213' });
      expect(byKey.get('adjuster')).toMatchObject({ value: null });
      expect(previewed('preview-unasked')).toHaveLength(0);
    });

    it('classifies with the model in primary mode', async () => {
      const response = await classify(org.admin.token, org.projectId, {
        fileId,
        config: {
          classes: [{ label: 'fnol' }, { label: 'invoice', description: 'Repair invoice' }],
          hosted: hosted('preview-classifier', { mode: 'primary' }),
        },
        environmentId,
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        label: 'invoice',
        modelVersion: 0,
        hostedModel: { calls: 1, promptTokens: 120, completionTokens: 30 },
      });
      expect(response.body.confidence as number).toBeCloseTo(0.92, 5);
      expect(previewed('preview-classifier')).toHaveLength(1);
    });

    it.each([
      ['a 500', 503, 'SERVICE_UNAVAILABLE', 'preview-down', {}],
      ['malformed JSON', 503, 'SERVICE_UNAVAILABLE', 'preview-garbled', {}],
      ['no answer in time', 503, 'SERVICE_UNAVAILABLE', 'preview-slow', { timeoutSeconds: 1 }],
      ['a 429', 503, 'SERVICE_UNAVAILABLE', 'preview-flaky', {}],
      ['a refused API key', 400, 'VALIDATION_FAILED', 'preview-locked-out', {}],
    ])(
      'answers %s of the model with %i (%s), asking once, without the key',
      async (_, status, code, model, extra) => {
        const response = await previewExtract(hosted(model, extra), environmentId);
        expect(response.status).toBe(status);
        expect(response.body.code).toBe(code);
        expect(response.body.message).toMatch(/^The hosted model failed/);
        expect(JSON.stringify(response.body)).not.toContain(API_KEY);
        // A preview answers at once; trying again is the caller's choice.
        expect(previewed(model)).toHaveLength(1);
      },
    );

    it('refuses a key variable the environment does not hold, and an unknown environment', async () => {
      const missing = await previewExtract(
        hosted('preview-reader', { apiKeyVariable: 'OTHER_KEY' }),
        environmentId,
      );
      expect(missing.status).toBe(400);
      expect(missing.body.message).toMatch(/Variable OTHER_KEY is not defined/);
      const elsewhere = await createTestOrganization();
      const foreign = await environmentWithVariable(elsewhere.admin.token, elsewhere.projectId, {
        name: 'LLM_API_KEY',
        value: 'sk-foreign',
      });
      const unknown = await previewExtract(hosted('preview-reader'), foreign);
      expect(unknown.status).toBe(404);
      expect(previewed('preview-reader')).toHaveLength(1);
    });
  });

  describe('the configuration, checked when a draft is saved', () => {
    async function draftWith(hostedConfig: unknown) {
      const flowId = await createdFlowId(org.admin.token, org.projectId);
      const graph = graphOf(
        [
          { id: 'start', type: 'trigger.api' },
          { id: 'extract', type: 'ai.extract', config: { fields: FIELDS, hosted: hostedConfig } },
        ],
        [['start', 'extract']],
      );
      return { flowId, response: await saveDraft(org.admin.token, flowId, graph) };
    }

    it.each([
      [
        'a base URL that is not a URL',
        { ...endpoint('m'), baseUrl: 'not a url' },
        /hosted.baseUrl/,
      ],
      ['a base URL over ftp', { ...endpoint('m'), baseUrl: 'ftp://llm.example.com/v1' }, /https/],
      [
        'a base URL with credentials',
        { ...endpoint('m'), baseUrl: 'https://u:p@llm.example.com/v1' },
        /credentials/,
      ],
      [
        'no secret slot for the key',
        { baseUrl: 'https://llm.example.com/v1', model: 'm' },
        /apiKeyVariable/,
      ],
      [
        'the key itself instead of a variable',
        endpoint('m', { apiKeyVariable: 'sk-1 2' }),
        /apiKeyVariable/,
      ],
      ['an unknown mode', endpoint('m', { mode: 'sometimes' }), /hosted.mode/],
      ['a timeout one past 300 seconds', endpoint('m', { timeoutSeconds: 301 }), /timeoutSeconds/],
      ['a model name one past 200 characters', endpoint('x'.repeat(201)), /hosted.model/],
      ['an unknown setting', endpoint('m', { temperature: 1 }), /unknown setting temperature/],
    ])('refuses %s with 400 on that node, changing nothing', async (_, config, message) => {
      const { flowId, response } = await draftWith(config);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      expect(response.body.message).toMatch(message);
      expect((response.body.details as Body).nodeId).toBe('extract');
      const read = await apiRequest<Body>('GET', `/flows/${flowId}`, { token: org.admin.token });
      expect(read.body.draft).toEqual(API_ONLY);
    });

    it('accepts a timeout of 300 seconds and a model name of 200 characters, the limits', async () => {
      const { response } = await draftWith(
        endpoint('x'.repeat(200), { timeoutSeconds: 300, mode: 'fallback' }),
      );
      expect(response.status).toBe(200);
    });
  });
});
