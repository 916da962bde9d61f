/**
 * Whether an error means the database connection was lost rather than the statement being wrong:
 * the server ended the session (PostgreSQL restart, failover, pg_terminate_backend), refused new
 * ones while starting or stopping, or the socket dropped. The same statement succeeds on a fresh
 * connection, so callers should retry; services answer SERVICE_UNAVAILABLE, not INTERNAL.
 */
export function isDatabaseConnectionLoss(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, name } = error as { code?: unknown; message?: unknown; name?: unknown };
  if (typeof code === 'string' && (CONNECTION_LOSS_SQLSTATES.has(code) || code.startsWith('08'))) {
    return true;
  }
  if (typeof code === 'string' && SOCKET_ERRORS.has(code)) return true;
  // TypeORM's query runner gives its client back once the client errors; the next statement of
  // that transaction fails with this instead of the driver's error.
  if (name === 'QueryRunnerAlreadyReleasedError') return true;
  return typeof message === 'string' && CONNECTION_LOSS_MESSAGES.some((m) => message.includes(m));
}

/**
 * Whether PostgreSQL rolled the transaction back because it collided with a concurrent one
 * (deadlock_detected, serialization_failure). Nothing of it was kept, and the same request run
 * again succeeds or fails on its own merits, so it is a 503 the client retries, not a 500.
 */
export function isTransactionConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code } = error as { code?: unknown };
  return typeof code === 'string' && TRANSACTION_CONFLICT_SQLSTATES.has(code);
}

const TRANSACTION_CONFLICT_SQLSTATES = new Set(['40P01', '40001']);

/** admin_shutdown, crash_shutdown, cannot_connect_now (class 08 is connection_exception). */
const CONNECTION_LOSS_SQLSTATES = new Set(['57P01', '57P02', '57P03']);

const SOCKET_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

/** node-postgres and TypeORM say these without a code. */
const CONNECTION_LOSS_MESSAGES = [
  'Connection terminated',
  'connection error and is not queryable',
  'Client was closed and is not queryable',
  'Database connection provided by a query runner was already released',
  'timeout exceeded when trying to connect',
];
