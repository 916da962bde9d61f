import { DataSource, type EntityManager } from 'typeorm';

/**
 * Runs work in one transaction of a service's own schema: the rows its repositories lock and
 * write, and what records them (audit events, a command ledger, an outbox), commit together or
 * not at all. Every service's repositories take the manager this hands them.
 */
export class ServiceTransactions {
  constructor(private readonly dataSource: DataSource) {}

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
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
