import 'reflect-metadata';

import { bootstrapService, loadConfig } from '@docket/platform';

import { ItemsConfig } from './items.config';
import { ItemsModule } from './items.module';

process.env.DOCKET_SERVICE ??= 'items';

void bootstrapService('items', ItemsModule, loadConfig(ItemsConfig));
