import { createServiceDataSource } from '@docket/persistence';
import type { DataSource } from 'typeorm';

import { TEST_DATABASE_URL } from './stack';

/**
 * A connection to one service's schema in the test stack's database, already migrated by the
 * stack, for integration tests of that service's repositories.
 */
export function connectToTestSchema(
  schema: string,
  options: { entities?: Array<new () => unknown>; poolSize?: number } = {},
): Promise<DataSource> {
  return createServiceDataSource({
    url: TEST_DATABASE_URL,
    schema,
    entities: options.entities ?? [],
    migrations: [],
    poolSize: options.poolSize ?? 4,
  }).initialize();
}
