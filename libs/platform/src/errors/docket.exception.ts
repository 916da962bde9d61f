import { isDatabaseConnectionLoss, isTransactionConflict } from './connection-loss';
import { ErrorCode, isErrorCode } from './error-codes';

/** What crosses NATS when a service call fails: never a bare Error, never a stack. */
export interface WireError {
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

/** The one exception type for expected failures; anything else is reported as INTERNAL. */
export class DocketException extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DocketException';
  }

  toWire(): WireError {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }

  static notFound(what: string): DocketException {
    return new DocketException('NOT_FOUND', `${what} not found`);
  }

  static invalid(message: string, details?: Record<string, unknown>): DocketException {
    return new DocketException('VALIDATION_FAILED', message, details);
  }

  static denied(message = 'Your role does not allow this operation'): DocketException {
    return new DocketException('PERMISSION_DENIED', message);
  }

  static unauthenticated(message = 'Authentication failed'): DocketException {
    return new DocketException('UNAUTHENTICATED', message);
  }

  static conflict(message: string, details?: Record<string, unknown>): DocketException {
    return new DocketException('CONFLICT', message, details);
  }
}

export function isWireError(value: unknown): value is WireError {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return isErrorCode(candidate.code) && typeof candidate.message === 'string';
}

/** Turns anything thrown into a wire error; unknown errors lose their message on purpose. */
export function toWireError(error: unknown): WireError {
  if (error instanceof DocketException) return error.toWire();
  if (isWireError(error)) return error;
  // A query cut off by a database restart is worth retrying: 503, which clients retry.
  if (isDatabaseConnectionLoss(error)) {
    return { code: 'SERVICE_UNAVAILABLE', message: 'The database connection was lost; retry' };
  }
  if (isTransactionConflict(error)) {
    return {
      code: 'SERVICE_UNAVAILABLE',
      message: 'The request collided with a concurrent change to the same records; retry',
    };
  }
  return { code: 'INTERNAL', message: 'Internal error' };
}

export function fromWireError(wire: WireError): DocketException {
  return new DocketException(wire.code, wire.message, wire.details);
}
