import {
  chatAnswer,
  FakeChatCompletionsServer,
  sendJson,
} from '../testing/chat-completions.fake-server';
import { HostedModelException, HostedModelExceptionCode } from './hosted-model.exception';
import type { StructuredCompletionRequest } from './hosted-model.provider';
import { OpenAiCompatibleProvider } from './openai-compatible.provider';

const request: StructuredCompletionRequest = {
  purpose: 'extract',
  instructions: 'Extract.',
  input: 'Policy Number: PA-1',
  schemaName: 'fields',
  schema: {
    type: 'object',
    properties: { policy_number: { type: ['string', 'null'] } },
    required: ['policy_number'],
    additionalProperties: false,
  },
};

async function failure(promise: Promise<unknown>): Promise<HostedModelException> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HostedModelException) return error;
    throw error;
  }
  throw new Error('expected a HostedModelException');
}

describe('OpenAiCompatibleProvider', () => {
  const server = new FakeChatCompletionsServer();
  let baseUrl: string;
  const provider = (timeoutMs = 2000) =>
    new OpenAiCompatibleProvider({
      baseUrl,
      apiKey: 'sk-test-secret',
      model: 'test-model',
      timeoutMs,
      temperature: 0,
    });

  beforeAll(async () => {
    baseUrl = await server.start();
  });
  afterAll(() => server.stop());

  it('posts a json_schema chat completion and returns the parsed content', async () => {
    server.handler = (_req, res) => sendJson(res, 200, chatAnswer('{"policy_number":"PA-1"}'));
    const completion = await provider().completeStructured(request);
    expect(completion.value).toEqual({ policy_number: 'PA-1' });
    const sent = server.requests[server.requests.length - 1];
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe('Bearer sk-test-secret');
    expect(sent.body).toMatchObject({
      model: 'test-model',
      temperature: 0,
      messages: [
        { role: 'system', content: 'Extract.' },
        { role: 'user', content: 'Policy Number: PA-1' },
      ],
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'fields', strict: true, schema: request.schema },
      },
    });
  });

  it('reports the tokens the answer says it used, and none when it does not say', async () => {
    const usage = { prompt_tokens: 41, completion_tokens: 7, total_tokens: 48 };
    server.handler = (_req, res) =>
      sendJson(res, 200, JSON.stringify({ ...JSON.parse(chatAnswer('{"a":1}')), usage }));
    expect((await provider().completeStructured(request)).usage).toEqual({
      promptTokens: 41,
      completionTokens: 7,
    });
    server.handler = (_req, res) => sendJson(res, 200, chatAnswer('{"a":1}'));
    expect((await provider().completeStructured(request)).usage).toBeUndefined();
  });

  it('sends through the transport it is given, which may name its own failure', async () => {
    const seen: string[] = [];
    const refusing = new OpenAiCompatibleProvider({
      baseUrl: 'https://llm.example.com/v1/',
      apiKey: 'sk-test-secret',
      model: 'test-model',
      timeoutMs: 1000,
      transport: ({ url }) => {
        seen.push(url);
        throw new HostedModelException('not allowed', HostedModelExceptionCode.BAD_REQUEST);
      },
    });
    const error = await failure(refusing.completeStructured(request));
    expect(error).toMatchObject({ code: 'BAD_REQUEST', retryable: false });
    expect(seen).toEqual(['https://llm.example.com/v1/chat/completions']);
  });

  it.each([
    [429, HostedModelExceptionCode.RATE_LIMITED, true],
    [503, HostedModelExceptionCode.PROVIDER_UNAVAILABLE, true],
    [401, HostedModelExceptionCode.AUTHENTICATION_FAILED, false],
    [400, HostedModelExceptionCode.BAD_REQUEST, false],
  ])('maps HTTP %s to %s (retryable %s)', async (status, code, retryable) => {
    server.handler = (_req, res) =>
      sendJson(res, status, JSON.stringify({ error: { message: 'nope' } }), { 'retry-after': '7' });
    const error = await failure(provider().completeStructured(request));
    expect(error.code).toBe(code);
    expect(error.retryable).toBe(retryable);
    expect(error.details.status).toBe(status);
    expect(error.message).toContain('nope');
    expect(error.message).not.toContain('sk-test-secret');
    if (status === 429) expect(error.details.retryAfterMs).toBe(7000);
  });

  it('times out a stalled server as a retryable error', async () => {
    server.handler = (_req, res) => {
      setTimeout(() => sendJson(res, 200, chatAnswer('{}')), 1000).unref();
    };
    const started = Date.now();
    const error = await failure(provider(150).completeStructured(request));
    expect(error.code).toBe(HostedModelExceptionCode.TIMEOUT);
    expect(error.retryable).toBe(true);
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('reports a caller cancellation as not retryable', async () => {
    server.handler = (_req, res) => {
      setTimeout(() => sendJson(res, 200, chatAnswer('{}')), 1000).unref();
    };
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await failure(
      provider().completeStructured(request, { signal: controller.signal }),
    );
    expect(error.code).toBe(HostedModelExceptionCode.ABORTED);
    expect(error.retryable).toBe(false);
  });

  it('turns invalid model JSON into a retryable INVALID_JSON error', async () => {
    server.handler = (_req, res) => sendJson(res, 200, chatAnswer('{"policy_number": "PA-'));
    const error = await failure(provider().completeStructured(request));
    expect(error.code).toBe(HostedModelExceptionCode.INVALID_JSON);
    expect(error.retryable).toBe(true);
  });

  it('rejects a non-JSON body, a truncated answer and a refusal with distinct codes', async () => {
    server.handler = (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>gateway</html>');
    expect((await failure(provider().completeStructured(request))).code).toBe(
      HostedModelExceptionCode.INVALID_RESPONSE,
    );

    server.handler = (_req, res) => sendJson(res, 200, chatAnswer('{"policy_number":', 'length'));
    const truncated = await failure(provider().completeStructured(request));
    expect(truncated.code).toBe(HostedModelExceptionCode.OUTPUT_TRUNCATED);
    expect(truncated.retryable).toBe(false);

    server.handler = (_req, res) =>
      sendJson(
        res,
        200,
        JSON.stringify({
          choices: [
            {
              finish_reason: 'stop',
              message: { role: 'assistant', content: null, refusal: 'I cannot help' },
            },
          ],
        }),
      );
    expect((await failure(provider().completeStructured(request))).code).toBe(
      HostedModelExceptionCode.REFUSED,
    );
  });

  it('reports an unreachable server as a retryable network error', async () => {
    const closed = new FakeChatCompletionsServer();
    const url = await closed.start();
    await closed.stop();
    const error = await failure(
      new OpenAiCompatibleProvider({
        baseUrl: url,
        apiKey: 'k',
        model: 'm',
        timeoutMs: 1000,
      }).completeStructured(request),
    );
    expect(error.code).toBe(HostedModelExceptionCode.NETWORK);
    expect(error.retryable).toBe(true);
  });
});
