import 'reflect-metadata';

import { bootstrapService, loadConfig } from '@docket/platform';

import { FilesConfig } from './files.config';
import { FilesModule } from './files.module';

process.env.DOCKET_SERVICE ??= 'files';

void bootstrapService('files', FilesModule, loadConfig(FilesConfig));
