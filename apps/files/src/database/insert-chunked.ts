import { EntityManager } from 'typeorm';

/** Rows per INSERT: a file of thousands of pages stays under PostgreSQL's parameter limit. */
const INSERT_CHUNK = 200;

export async function insertChunked<T extends object>(
  manager: EntityManager,
  entity: new () => T,
  rows: T[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await manager.insert(entity, rows.slice(start, start + INSERT_CHUNK) as never);
  }
}
