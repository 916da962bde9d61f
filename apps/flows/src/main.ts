import 'reflect-metadata';

import { bootstrapService, loadConfig } from '@docket/platform';

import { FlowsConfig } from './flows.config';
import { FlowsModule } from './flows.module';

process.env.DOCKET_SERVICE ??= 'flows';

void bootstrapService('flows', FlowsModule, loadConfig(FlowsConfig));
