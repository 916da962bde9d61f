import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/**
 * Runs work in one identity transaction: the repositories' writes and the audit event that
 * records them commit together or not at all.
 */
@Injectable()
export class IdentityTransactions {
  constructor(private readonly dataSource: DataSource) {}

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Outside any transaction: for reads and single statements. */
  get manager(): EntityManager {
    return this.dataSource.manager;
  }
}
