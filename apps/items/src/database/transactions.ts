import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/**
 * Runs work in one items transaction: the rows the repositories lock and write, the command
 * ledger and the signal outbox commit together or not at all.
 */
@Injectable()
export class ItemsTransactions {
  constructor(private readonly dataSource: DataSource) {}

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Outside any transaction: for reads and single statements. */
  get manager(): EntityManager {
    return this.dataSource.manager;
  }
}
