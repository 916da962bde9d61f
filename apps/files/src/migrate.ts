import 'reflect-metadata';

import { migrateServiceSchema } from '@docket/persistence';
import { loadConfig } from '@docket/platform';

import { createFilesDataSource } from './database/files-data-source';
import { FilesConfig } from './files.config';

async function main(): Promise<void> {
  const applied = await migrateServiceSchema(createFilesDataSource(loadConfig(FilesConfig)));
  process.stdout.write(
    `files: ${applied.length ? `applied ${applied.join(', ')}` : 'up to date'}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `files migrations failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
