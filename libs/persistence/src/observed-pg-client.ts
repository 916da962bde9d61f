import { createLogger } from '@docket/platform';
import { Client } from 'pg';

const logger = createLogger('database');

/**
 * A node-postgres client that always has an 'error' listener. The pool listens to a client only
 * while it is idle, and TypeORM attaches its own listener to a checked-out client a few promise
 * turns after the pool hands it over, and removes it when it gives the client back after an
 * error. An error event with no listener throws, so a session the server ended in one of those
 * gaps (57P01 when PostgreSQL restarts or `pg_terminate_backend` is called) killed the whole
 * service (issue 33). Here it is logged; the client has already marked itself unusable, so a
 * query on it fails (a retryable error: see isDatabaseConnectionLoss), the pool drops it when it
 * is given back, and the next checkout opens a fresh connection.
 */
export class ObservedPgClient extends Client {
  constructor(...args: ConstructorParameters<typeof Client>) {
    super(...args);
    this.on('error', (error: Error & { code?: string }) => {
      logger.warn(
        { code: error.code, reason: error.message },
        'database connection lost; the pool replaces it',
      );
    });
  }
}
