import 'reflect-metadata';

import { bootstrapService, loadConfig } from '@docket/platform';

import { IdentityConfig } from './identity.config';
import { IdentityModule } from './identity.module';

process.env.DOCKET_SERVICE ??= 'identity';

void bootstrapService('identity', IdentityModule, loadConfig(IdentityConfig));
