import { setTimeout as sleep } from 'node:timers/promises';

import { isTransactionConflict } from '@docket/platform';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * How many times a transaction is run when PostgreSQL rolls it back for colliding with a
 * concurrent one (deadlock_detected, serialization_failure): nothing of it was kept, so running
 * the work again is safe, and PostgreSQL's own advice is to retry. A reviewer's submit racing a
 * run's cancel deadlocked on the item counts both update and came back as a 503.
 */
export const TRANSACTION_ATTEMPTS = 3;
/** The wait before another attempt grows with each one and is spread so the two do not meet again. */
const RETRY_WAIT_MS = 20;

/**
 * Runs work in one transaction of a service's own schema: the rows its repositories lock and
 * write, and what records them (audit events, a command ledger, an outbox), commit together or
 * not at all. Every service's repositories take the manager this hands them. The work must do
 * nothing outside the transaction: it may run again when the transaction collided.
 */
export class ServiceTransactions {
  constructor(private readonly dataSource: DataSource) {}

  async run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.dataSource.transaction(work);
      } catch (error) {
        if (attempt >= TRANSACTION_ATTEMPTS || !isTransactionConflict(error)) throw error;
        await sleep(RETRY_WAIT_MS * attempt * (1 + Math.random()));
      }
    }
  }

  /** Outside any transaction: for reads and single statements that commit on their own. */
  get manager(): EntityManager {
    return this.dataSource.manager;
  }
}

/**
 * The Nest provider of ServiceTransactions over the DataSource every service module provides
 * (the library stays free of Nest, so the provider is plain data).
 */
export const SERVICE_TRANSACTIONS_PROVIDER = {
  provide: ServiceTransactions,
  useFactory: (dataSource: DataSource) => new ServiceTransactions(dataSource),
  inject: [DataSource],
};
