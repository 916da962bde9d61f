import { INSURANCE_CLASSES, policeReportPage } from '../classification/classification.fixture';
import { classifyDocument } from '../classification/document-classifier';
import type { FieldSchema } from '../schema/field-schema.types';
import {
  chatAnswer,
  FakeChatCompletionsServer,
  sendJson,
} from '../testing/chat-completions.fake-server';
import { makePage } from '../testing/text-page.fixture';
import { validateFields } from '../validation/field-validator';
import { createHostedClassifier } from './hosted-classifier';
import { extractWithProvider, NOT_GROUNDED_NOTE } from './hosted-field.extractor';
import { HostedModelException, HostedModelExceptionCode } from './hosted-model.exception';
import { summariseWithProvider } from './hosted-summariser';
import { OpenAiCompatibleProvider } from './openai-compatible.provider';

const schema: FieldSchema = {
  fields: [
    { key: 'policy_number', type: 'string', label: 'Policy Number' },
    { key: 'date_of_loss', type: 'date', label: 'Date of Loss' },
    { key: 'estimate', type: 'money', label: 'Estimate' },
    { key: 'adjuster', type: 'string', label: 'Adjuster' },
    {
      key: 'cause',
      type: 'enum',
      label: 'Cause',
      options: [{ value: 'Collision' }, { value: 'Theft' }],
    },
    {
      key: 'items',
      type: 'table',
      columns: [
        { key: 'description', type: 'string' },
        { key: 'amount', type: 'money' },
      ],
    },
  ],
};

const page = makePage([
  { x: 50, y: 100, text: 'Policy Number: PA-2024-000123' },
  { x: 50, y: 120, text: 'Date of Loss: 03/14/2024' },
  { x: 50, y: 140, text: 'Estimate: $2,400.00' },
  { x: 50, y: 160, text: 'Cause: Collision' },
  { x: 50, y: 200, text: 'Bumper' },
  { x: 400, y: 200, text: '$400.00' },
]);

describe('hosted extraction, classification and summary', () => {
  const server = new FakeChatCompletionsServer();
  let provider: OpenAiCompatibleProvider;

  beforeAll(async () => {
    provider = new OpenAiCompatibleProvider({
      baseUrl: await server.start(),
      apiKey: 'k',
      model: 'm',
      timeoutMs: 2000,
    });
  });
  afterAll(() => server.stop());

  it('grounds every returned value in the word layer and flags what it cannot find', async () => {
    server.handler = (_req, res) =>
      sendJson(
        res,
        200,
        chatAnswer(
          JSON.stringify({
            policy_number: 'PA-2024-000123',
            date_of_loss: '2024-03-14',
            estimate: { amount: 2400, currency: 'USD' },
            adjuster: 'Pat Invented',
            cause: 'Collision',
            items: [{ description: 'Bumper', amount: { amount: 400, currency: 'USD' } }],
          }),
        ),
      );
    const fields = await extractWithProvider(
      provider,
      { documentId: 'doc-9', pages: [page] },
      schema,
    );
    const byKey = Object.fromEntries(fields.map((f) => [f.key, f]));

    expect(byKey.date_of_loss.grounding?.words.map((w) => w.text)).toEqual(['03/14/2024']);
    expect(byKey.estimate.grounding?.words.map((w) => w.text)).toEqual(['$2,400.00']);
    expect(byKey.policy_number.grounding?.documentId).toBe('doc-9');
    expect(byKey.policy_number.confidence).toBeGreaterThan(0.8);
    expect(byKey.cause.grounding?.words.map((w) => w.text)).toEqual(['Collision']);
    expect(byKey.items.rows?.[0].cells.amount.grounding?.words.map((w) => w.text)).toEqual([
      '$400.00',
    ]);

    expect(byKey.adjuster.value).toBe('Pat Invented');
    expect(byKey.adjuster.grounding).toBeUndefined();
    expect(byKey.adjuster.confidence).toBeLessThan(0.5);
    expect(byKey.adjuster.notes).toContain(NOT_GROUNDED_NOTE);

    const validation = validateFields(fields, schema);
    const adjuster = validation.fields.find((f) => f.key === 'adjuster')!;
    expect(adjuster.flagged).toBe(true);
    expect(adjuster.flagReasons).toContain(NOT_GROUNDED_NOTE);
    expect(validation.needsReview).toBe(true);

    const sent = server.requests[server.requests.length - 1].body as {
      messages: Array<{ content: string }>;
      response_format: { json_schema: { schema: { required: string[] } } };
    };
    expect(sent.messages[1].content).toContain('Policy Number: PA-2024-000123');
    expect(sent.response_format.json_schema.schema.required).toEqual([
      'policy_number',
      'date_of_loss',
      'estimate',
      'adjuster',
      'cause',
      'items',
    ]);
  });

  it('normalises a date the model returned in US format', async () => {
    server.handler = (_req, res) =>
      sendJson(res, 200, chatAnswer(JSON.stringify({ date_of_loss: '03/14/2024' })));
    const fields = await extractWithProvider(
      provider,
      { pages: [page] },
      { fields: [schema.fields[1]] },
    );
    expect(fields[0].value).toBe('2024-03-14');
    expect(fields[0].grounding).toBeDefined();
  });

  it('rejects an answer that is not an object of fields', async () => {
    server.handler = (_req, res) => sendJson(res, 200, chatAnswer('[1,2]'));
    await expect(extractWithProvider(provider, { pages: [page] }, schema)).rejects.toMatchObject({
      code: HostedModelExceptionCode.INVALID_RESPONSE,
      retryable: true,
    });
  });

  it('classifies through the provider as the hosted method', async () => {
    server.handler = (_req, res) =>
      sendJson(res, 200, chatAnswer('{"label":"police_report","confidence":0.8}'));
    const result = await classifyDocument(
      [policeReportPage()],
      { classes: INSURANCE_CLASSES, methods: ['hosted'] },
      { hosted: createHostedClassifier(provider) },
    );
    expect(result.label).toBe('police_report');
    expect(result.confidence).toBeCloseTo(0.8);

    server.handler = (_req, res) =>
      sendJson(res, 200, chatAnswer('{"label":"horoscope","confidence":1}'));
    await expect(
      createHostedClassifier(provider)([policeReportPage()], INSURANCE_CLASSES),
    ).rejects.toBeInstanceOf(HostedModelException);
  });

  it('has the provider write summary and insight from fields', async () => {
    server.handler = (_req, res) =>
      sendJson(
        res,
        200,
        chatAnswer('{"summary":"Collision claim.","insight":"Adjuster unverified."}'),
      );
    const summary = await summariseWithProvider(provider, {
      documents: [
        {
          label: 'fnol',
          fields: [
            {
              key: 'adjuster',
              type: 'string',
              value: 'Pat',
              flagged: true,
              flagReasons: ['value not grounded in the document'],
            },
          ],
        },
      ],
    });
    expect(summary).toEqual({
      summary: 'Collision claim.',
      insight: 'Adjuster unverified.',
      source: 'hosted',
    });
    const sent = server.requests[server.requests.length - 1].body as {
      messages: Array<{ content: string }>;
    };
    expect(sent.messages[1].content).toContain(
      'adjuster: Pat [flagged: value not grounded in the document]',
    );
  });
});
