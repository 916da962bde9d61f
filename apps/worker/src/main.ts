import 'reflect-metadata';

import { bootstrapService, loadConfig } from '@docket/platform';

import { WorkerConfig } from './worker.config';
import { WorkerModule } from './worker.module';

process.env.DOCKET_SERVICE ??= 'worker';

/**
 * The Temporal worker: a Nest application (activities are injectables) that also serves
 * /healthz and /readyz; readiness includes "the worker is polling its task queue".
 */
void bootstrapService('worker', WorkerModule, loadConfig(WorkerConfig));
