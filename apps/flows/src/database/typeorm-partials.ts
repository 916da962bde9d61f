import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';

/**
 * TypeORM's deep-partial type cannot express JSON columns typed as `Record<string, unknown>`
 * (our graphs), so insert and update values pass through this one cast, checked as a plain
 * Partial of the entity.
 */
export function columns<T>(values: Partial<T>): QueryDeepPartialEntity<T> {
  return values as QueryDeepPartialEntity<T>;
}
