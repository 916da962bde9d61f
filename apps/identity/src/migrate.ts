import 'reflect-metadata';

import { migrateServiceSchema } from '@docket/persistence';
import { loadConfig } from '@docket/platform';

import { createIdentityDataSource } from './database/identity-data-source';
import { IdentityConfig } from './identity.config';

async function main(): Promise<void> {
  const applied = await migrateServiceSchema(createIdentityDataSource(loadConfig(IdentityConfig)));
  process.stdout.write(
    `identity: ${applied.length ? `applied ${applied.join(', ')}` : 'up to date'}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `identity migrations failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
