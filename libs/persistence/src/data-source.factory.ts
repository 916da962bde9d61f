import { DataSource, MixedList } from 'typeorm';

import { ObservedPgClient } from './observed-pg-client';

// TypeORM's option types for these lists are loose unions; this keeps call sites typed.
type EntityList = MixedList<string | (new () => unknown)>;
type MigrationList = MixedList<string | (new () => unknown)>;

export interface ServiceDataSourceOptions {
  url: string;
  /** Each service owns one schema (DESIGN.md §1): no cross-schema joins. */
  schema: string;
  entities: EntityList;
  migrations: MigrationList;
  poolSize?: number;
  applicationName?: string;
}

export function createServiceDataSource(options: ServiceDataSourceOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities as never,
    migrations: options.migrations as never,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    poolSize: options.poolSize ?? 10,
    applicationName: options.applicationName ?? options.schema,
    // pg-pool builds its clients from `Client`: one that survives losing its session.
    extra: { max: options.poolSize ?? 10, Client: ObservedPgClient },
  });
}

/** Applies pending migrations of one service; the schema is created first because TypeORM keeps
 * its migrations table inside it. */
export async function migrateServiceSchema(dataSource: DataSource): Promise<string[]> {
  const schema = (dataSource.options as { schema?: string }).schema;
  const ownConnection = !dataSource.isInitialized;
  if (ownConnection) await dataSource.initialize();
  try {
    if (schema) await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    if (ownConnection) await dataSource.destroy();
  }
}
