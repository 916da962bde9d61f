import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/**
 * Runs work in one files transaction: a file's status, the rows that depend on it and its
 * outbox event commit together or not at all.
 */
@Injectable()
export class FilesTransactions {
  constructor(private readonly dataSource: DataSource) {}

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}
