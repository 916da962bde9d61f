import 'reflect-metadata';

import { migrateServiceSchema } from '@docket/persistence';
import { loadConfig } from '@docket/platform';

import { createFlowsDataSource } from './database/flows-data-source';
import { FlowsConfig } from './flows.config';

async function main(): Promise<void> {
  const applied = await migrateServiceSchema(createFlowsDataSource(loadConfig(FlowsConfig)));
  process.stdout.write(
    `flows: ${applied.length ? `applied ${applied.join(', ')}` : 'up to date'}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `flows migrations failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
