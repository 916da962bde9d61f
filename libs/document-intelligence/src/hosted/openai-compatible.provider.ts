import { HostedModelException, HostedModelExceptionCode } from './hosted-model.exception';
import type {
  CompletionOptions,
  HostedHttpTransport,
  HostedModelProvider,
  StructuredCompletion,
  StructuredCompletionRequest,
  TokenUsage,
} from './hosted-model.provider';

/** Connection settings; reading them from the environment is the caller's job. */
export interface OpenAiCompatibleProviderConfig {
  /** Up to and including the version path, e.g. https://api.example.com/v1. */
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly model: string;
  /** Whole-call budget including reading the answer. */
  readonly timeoutMs: number;
  readonly temperature?: number;
  readonly maxTokens?: number;
  /**
   * How the request travels; default `fetch`. The worker passes its outbound client, so a
   * hosted model is reached under the same address and size rules as any other endpoint.
   */
  readonly transport?: HostedHttpTransport;
}

const fetchTransport: HostedHttpTransport = async ({ url, headers, body, signal }) => {
  const response = await fetch(url, { method: 'POST', headers, body, signal });
  // Read inside the caller's try: the timeout also covers a server that stalls mid-body.
  const text = await response.text();
  return { status: response.status, retryAfter: response.headers.get('retry-after'), text };
};

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Longest provider error text kept in an exception message. */
const MAX_ERROR_TEXT = 300;

function statusError(
  status: number,
  body: string,
  retryAfter: string | null,
): HostedModelException {
  let detail = body.slice(0, MAX_ERROR_TEXT);
  try {
    const parsed: unknown = JSON.parse(body);
    if (isRecord(parsed) && isRecord(parsed.error) && typeof parsed.error.message === 'string') {
      detail = parsed.error.message.slice(0, MAX_ERROR_TEXT);
    }
  } catch {
    // Not JSON: keep the raw (truncated) text.
  }
  const retryAfterSeconds = retryAfter === null ? Number.NaN : Number(retryAfter);
  const details = {
    status,
    ...(Number.isFinite(retryAfterSeconds) ? { retryAfterMs: retryAfterSeconds * 1000 } : {}),
  };
  const message = `Provider answered ${status}: ${detail}`;
  if (status === 429)
    return new HostedModelException(message, HostedModelExceptionCode.RATE_LIMITED, details);
  if (status === 408)
    return new HostedModelException(message, HostedModelExceptionCode.TIMEOUT, details);
  if (status >= 500)
    return new HostedModelException(
      message,
      HostedModelExceptionCode.PROVIDER_UNAVAILABLE,
      details,
    );
  if (status === 401 || status === 403)
    return new HostedModelException(
      message,
      HostedModelExceptionCode.AUTHENTICATION_FAILED,
      details,
    );
  return new HostedModelException(message, HostedModelExceptionCode.BAD_REQUEST, details);
}

/**
 * Any server speaking the OpenAI chat-completions protocol with `response_format: json_schema`
 * (OpenAI, Azure OpenAI's v1 endpoint, vLLM, Ollama, LiteLLM and similar gateways).
 */
export class OpenAiCompatibleProvider implements HostedModelProvider {
  readonly name: string;

  constructor(private readonly config: OpenAiCompatibleProviderConfig) {
    this.name = `openai-compatible:${config.model}`;
  }

  async completeStructured(
    request: StructuredCompletionRequest,
    options: CompletionOptions = {},
  ): Promise<StructuredCompletion> {
    const timeout = AbortSignal.timeout(this.config.timeoutMs);
    const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
    const body = {
      model: this.config.model,
      messages: [
        { role: 'system', content: request.instructions },
        { role: 'user', content: request.input },
      ],
      response_format: {
        type: 'json_schema',
        json_schema: { name: request.schemaName, schema: request.schema, strict: true },
      },
      ...(this.config.temperature === undefined ? {} : { temperature: this.config.temperature }),
      ...(this.config.maxTokens === undefined ? {} : { max_tokens: this.config.maxTokens }),
    };

    let status: number;
    let text: string;
    let retryAfter: string | null;
    try {
      ({ status, text, retryAfter } = await (this.config.transport ?? fetchTransport)({
        url: `${this.config.baseUrl.replace(/\/+$/, '')}/chat/completions`,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${this.config.apiKey}`,
        },
        body: JSON.stringify(body),
        signal,
        timeoutMs: this.config.timeoutMs,
      }));
    } catch (error) {
      // A transport that already knows what went wrong says so itself.
      if (error instanceof HostedModelException) throw error;
      throw this.transportError(error, timeout, options.signal);
    }

    if (status < 200 || status >= 300) throw statusError(status, text, retryAfter);
    const usage = usageOf(text);
    return {
      value: this.parseAnswer(text),
      model: this.config.model,
      ...(usage ? { usage } : {}),
    };
  }

  private transportError(
    error: unknown,
    timeout: AbortSignal,
    callerSignal: AbortSignal | undefined,
  ): HostedModelException {
    if (timeout.aborted) {
      return new HostedModelException(
        `Provider did not answer within ${this.config.timeoutMs} ms`,
        HostedModelExceptionCode.TIMEOUT,
        { cause: error },
      );
    }
    if (callerSignal?.aborted) {
      return new HostedModelException(
        'Provider call cancelled by the caller',
        HostedModelExceptionCode.ABORTED,
        { cause: error },
      );
    }
    const reason =
      error instanceof Error
        ? error.cause instanceof Error
          ? error.cause.message
          : error.message
        : String(error);
    return new HostedModelException(
      `Provider unreachable: ${reason}`,
      HostedModelExceptionCode.NETWORK,
      { cause: error },
    );
  }

  private parseAnswer(text: string): unknown {
    let envelope: unknown;
    try {
      envelope = JSON.parse(text);
    } catch (error) {
      throw new HostedModelException(
        'Provider answer is not JSON',
        HostedModelExceptionCode.INVALID_RESPONSE,
        { cause: error },
      );
    }
    const choice =
      isRecord(envelope) && Array.isArray(envelope.choices)
        ? (envelope.choices[0] as unknown)
        : undefined;
    const message = isRecord(choice) ? choice.message : undefined;
    if (!isRecord(choice) || !isRecord(message)) {
      throw new HostedModelException(
        'Provider answer has no choices[0].message',
        HostedModelExceptionCode.INVALID_RESPONSE,
      );
    }
    if (typeof message.refusal === 'string' && message.refusal.length > 0) {
      throw new HostedModelException(
        `Model refused: ${message.refusal.slice(0, MAX_ERROR_TEXT)}`,
        HostedModelExceptionCode.REFUSED,
      );
    }
    if (choice.finish_reason === 'length') {
      throw new HostedModelException(
        'Model output was cut off at the token limit',
        HostedModelExceptionCode.OUTPUT_TRUNCATED,
      );
    }
    if (typeof message.content !== 'string') {
      throw new HostedModelException(
        'Provider answer has no message content',
        HostedModelExceptionCode.INVALID_RESPONSE,
      );
    }
    try {
      return JSON.parse(message.content);
    } catch (error) {
      throw new HostedModelException(
        'Model content is not valid JSON',
        HostedModelExceptionCode.INVALID_JSON,
        { cause: error },
      );
    }
  }
}

/** The `usage` of a chat-completions answer, when present and numeric. */
function usageOf(text: string): TokenUsage | undefined {
  try {
    const envelope: unknown = JSON.parse(text);
    const usage = isRecord(envelope) ? envelope.usage : undefined;
    if (!isRecord(usage)) return undefined;
    const { prompt_tokens: prompt, completion_tokens: completion } = usage;
    if (typeof prompt !== 'number' || typeof completion !== 'number') return undefined;
    return { promptTokens: prompt, completionTokens: completion };
  } catch {
    return undefined;
  }
}
