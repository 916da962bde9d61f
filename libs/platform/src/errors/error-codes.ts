/**
 * The one registry of machine-readable error codes. Every APIError code on the wire comes from
 * here, and so does its HTTP status: services raise codes, only the gateway turns them into HTTP.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: {
    status: 400,
    description: 'The request is malformed or a value is invalid.',
  },
  UNSUPPORTED_FILE: { status: 400, description: 'The file type cannot be accepted here.' },
  UNAUTHENTICATED: { status: 401, description: 'Missing, invalid or expired credentials.' },
  PERMISSION_DENIED: {
    status: 401,
    description: 'The caller is authenticated but its role or project grants do not allow this.',
  },
  NOT_FOUND: { status: 404, description: 'No such resource in the caller organization.' },
  CONFLICT: { status: 409, description: 'The resource is in a state that does not allow this.' },
  LOCKED: { status: 409, description: 'Another reviewer holds the item lock.' },
  VERSION_CONFLICT: { status: 409, description: 'The resource changed since it was read.' },
  INVALID_STATE_TRANSITION: { status: 409, description: 'The status change is not allowed.' },
  IDEMPOTENCY_CONFLICT: {
    status: 409,
    description: 'The Idempotency-Key was used with a different request, or is still in flight.',
  },
  RATE_LIMITED: { status: 429, description: 'Over the request rate; see Retry-After.' },
  INTERNAL: { status: 500, description: 'Unexpected server error; quote the trace id.' },
  SERVICE_UNAVAILABLE: { status: 503, description: 'A dependency did not answer in time.' },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_CODES, value);
}

export function httpStatusOf(code: ErrorCode): number {
  return ERROR_CODES[code].status;
}
