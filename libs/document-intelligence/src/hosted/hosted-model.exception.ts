export const HostedModelExceptionCode = {
  TIMEOUT: 'TIMEOUT',
  ABORTED: 'ABORTED',
  NETWORK: 'NETWORK',
  RATE_LIMITED: 'RATE_LIMITED',
  PROVIDER_UNAVAILABLE: 'PROVIDER_UNAVAILABLE',
  AUTHENTICATION_FAILED: 'AUTHENTICATION_FAILED',
  BAD_REQUEST: 'BAD_REQUEST',
  INVALID_RESPONSE: 'INVALID_RESPONSE',
  INVALID_JSON: 'INVALID_JSON',
  OUTPUT_TRUNCATED: 'OUTPUT_TRUNCATED',
  REFUSED: 'REFUSED',
} as const;

export type HostedModelExceptionCode =
  (typeof HostedModelExceptionCode)[keyof typeof HostedModelExceptionCode];

/**
 * Whether repeating the same request can succeed. The worker maps `retryable: false` to a
 * non-retryable activity failure, so a wrong API key does not burn the whole retry budget.
 */
const RETRYABLE: Readonly<Record<HostedModelExceptionCode, boolean>> = {
  TIMEOUT: true,
  ABORTED: false,
  NETWORK: true,
  RATE_LIMITED: true,
  PROVIDER_UNAVAILABLE: true,
  AUTHENTICATION_FAILED: false,
  BAD_REQUEST: false,
  // A proxy error page or a half-written body: the next attempt usually gets a proper answer.
  INVALID_RESPONSE: true,
  // Sampling differs between attempts; malformed JSON is seldom repeated.
  INVALID_JSON: true,
  // The same limit truncates the same answer again.
  OUTPUT_TRUNCATED: false,
  REFUSED: false,
};

export class HostedModelException extends Error {
  readonly retryable: boolean;

  constructor(
    message: string,
    readonly code: HostedModelExceptionCode,
    readonly details: {
      readonly status?: number;
      readonly retryAfterMs?: number;
      readonly cause?: unknown;
    } = {},
  ) {
    super(message);
    this.name = 'HostedModelException';
    this.retryable = RETRYABLE[code];
  }
}
