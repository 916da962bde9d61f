import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/**
 * Runs work in one flows transaction: the repositories' writes (and the rows they lock) and the
 * audit event that records them commit together or not at all.
 */
@Injectable()
export class FlowsTransactions {
  constructor(private readonly dataSource: DataSource) {}

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Outside any transaction: for a single statement that commits on its own. */
  get manager(): EntityManager {
    return this.dataSource.manager;
  }
}
