import { createServiceDataSource } from '@docket/persistence';
import { DataSource } from 'typeorm';

import { FilesConfig } from '../files.config';
import { FILES_ENTITIES } from './files.entities';
import { FilesInitial1763800000000 } from './migrations/1763800000000-files-initial';
import { FilesProcessingLease1764950000000 } from './migrations/1764950000000-files-processing-lease';

export const FILES_MIGRATIONS = [FilesInitial1763800000000, FilesProcessingLease1764950000000];

export function createFilesDataSource(config: FilesConfig): DataSource {
  return createServiceDataSource({
    url: config.databaseUrl,
    schema: 'files',
    entities: FILES_ENTITIES,
    migrations: FILES_MIGRATIONS,
    poolSize: config.databasePoolSize,
    applicationName: 'docket-files',
  });
}
