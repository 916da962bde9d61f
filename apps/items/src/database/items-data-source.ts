import { createServiceDataSource } from '@docket/persistence';
import { DataSource } from 'typeorm';

import { ItemsConfig } from '../items.config';
import { ItemsInitial1763800000000 } from './migrations/1763800000000-items-initial';
import { ItemsListPerformance1763800000001 } from './migrations/1763800000001-items-list-performance';
import { ItemsReviewCorrections1763800000002 } from './migrations/1763800000002-items-review-corrections';
import { ItemsAuditTrail1765000000000 } from './migrations/1765000000000-items-audit-trail';

export const ITEMS_MIGRATIONS = [
  ItemsInitial1763800000000,
  ItemsListPerformance1763800000001,
  ItemsReviewCorrections1763800000002,
  ItemsAuditTrail1765000000000,
];

/**
 * Fuzzy filters use pg_trgm's word similarity (`<%`). Its default threshold (0.6) misses a
 * single typo in a short word ("defalt" vs "Default" scores 0.57); 0.5 tolerates one while
 * still refusing unrelated words. Set per connection, so no other service is affected.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;

export function withSessionSettings(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const setting = `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`;
  const existing = url.searchParams.get('options');
  url.searchParams.set('options', existing ? `${existing} ${setting}` : setting);
  return url.toString();
}

/** Items speak SQL through their repositories; no entities are mapped. */
export function createItemsDataSource(config: ItemsConfig): DataSource {
  return createServiceDataSource({
    url: withSessionSettings(config.databaseUrl),
    schema: 'items',
    entities: [],
    migrations: ITEMS_MIGRATIONS,
    poolSize: config.databasePoolSize,
    applicationName: 'docket-items',
  });
}
