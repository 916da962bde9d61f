import type { ServerResponse } from 'node:http';

import { chatAnswer, FakeChatCompletionsServer, sendJson } from '@docket/document-intelligence';
import { loadConfig } from '@docket/platform';
import { eventually } from '@docket/testing';

import { OutboundConfig } from '../outbound/outbound.config';
import { OutboundHttpClient } from '../outbound/outbound-http.client';
import { HostedModelGate } from './hosted-model.gate';

const REQUEST = {
  purpose: 'classify' as const,
  instructions: 'Answer',
  input: 'text',
  schemaName: 'answer',
  schema: { type: 'object' },
};

describe('HostedModelGate', () => {
  const server = new FakeChatCompletionsServer();
  const held: ServerResponse[] = [];
  let baseUrl: string;
  let gate: HostedModelGate;

  beforeAll(async () => {
    baseUrl = await server.start();
    // Every call waits until the test answers it, so calls in flight can be counted.
    server.handler = (_request, response) => held.push(response);
    const config = loadConfig(OutboundConfig, {
      OUTBOUND_ALLOW_LOOPBACK_HTTP: 'true',
      HOSTED_MODEL_CONCURRENCY_PER_ORGANIZATION: '2',
    });
    gate = new HostedModelGate(new OutboundHttpClient(config), config.hostedModelConcurrency);
  });

  afterAll(() => server.stop());

  it('holds each organization to its limit of calls in flight, independently', async () => {
    const settings = (model: string) => ({ baseUrl, model, apiKeyVariable: 'KEY' });
    const call = (organizationId: string) =>
      gate
        .engine(organizationId, settings(organizationId), 'sk-gate')
        .engine.provider.completeStructured(REQUEST);
    const calls = [...Array.from({ length: 5 }, () => call('org-a')), call('org-b')];
    const inFlight = (model: string) =>
      server.requests.filter((r) => (r.body as { model: string }).model === model).length;
    // org-b's call, made after all of org-a's, arrives: org-a's queue did not hold it back, and
    // org-a has still sent only its limit of two.
    await eventually(async () => (inFlight('org-a') === 2 && inFlight('org-b') === 1) || undefined);
    expect(inFlight('org-a')).toBe(2);
    // Each answer lets one waiting call of org-a through, until all five were sent.
    await eventually(async () => {
      while (held.length > 0) sendJson(held.shift()!, 200, chatAnswer('{"ok": true}'));
      return inFlight('org-a') === 5 || undefined;
    });
    const answers = await Promise.all(calls);
    expect(answers.map((answer) => answer.value)).toEqual(Array(6).fill({ ok: true }));
  });
});
