export type JsonValue =
  string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };
export type JsonSchema = { readonly [key: string]: JsonValue };

export interface StructuredCompletionRequest {
  /** What the call is for; providers may log or meter by it. */
  readonly purpose: 'classify' | 'extract' | 'summarise';
  /** System instructions. */
  readonly instructions: string;
  /** The document text and the question. */
  readonly input: string;
  /** Name of the output schema (letters, digits, _ and -). */
  readonly schemaName: string;
  /** JSON Schema the answer must follow (strict: every property required, no extras). */
  readonly schema: JsonSchema;
}

export interface StructuredCompletion {
  /** The parsed JSON answer; callers validate its shape. */
  readonly value: unknown;
  readonly model: string;
  /** Tokens the call cost, when the provider says (the `usage` of a chat completion). */
  readonly usage?: TokenUsage;
}

export interface TokenUsage {
  readonly promptTokens: number;
  readonly completionTokens: number;
}

/** A POST of the provider's request and its answer as text; how it travels is the caller's. */
export type HostedHttpTransport = (request: {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
}) => Promise<{ status: number; retryAfter: string | null; text: string }>;

export interface CompletionOptions {
  /** Cancels the call, e.g. when the Temporal activity is cancelled. */
  readonly signal?: AbortSignal;
}

/**
 * A hosted language model answering with JSON that follows a schema. Implementations throw only
 * `HostedModelException`, whose `retryable` flag tells the caller whether to try again.
 */
export interface HostedModelProvider {
  readonly name: string;
  completeStructured(
    request: StructuredCompletionRequest,
    options?: CompletionOptions,
  ): Promise<StructuredCompletion>;
}
