import 'reflect-metadata';

import { migrateServiceSchema } from '@docket/persistence';
import { loadConfig } from '@docket/platform';

import { createItemsDataSource } from './database/items-data-source';
import { ItemsConfig } from './items.config';

async function main(): Promise<void> {
  const applied = await migrateServiceSchema(createItemsDataSource(loadConfig(ItemsConfig)));
  process.stdout.write(
    `items: ${applied.length ? `applied ${applied.join(', ')}` : 'up to date'}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `items migrations failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
