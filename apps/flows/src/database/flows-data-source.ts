import { createServiceDataSource } from '@docket/persistence';
import { DataSource } from 'typeorm';

import { FlowsConfig } from '../flows.config';
import { ClassifierModelEntity } from './classifier-model.entity';
import { FLOWS_ENTITIES } from './flows.entities';
import { FlowsInitial1763900000000 } from './migrations/1763900000000-flows-initial';
import { ExecutionStartOutbox1763900000001 } from './migrations/1763900000001-execution-start-outbox';
import { ClassifierModels1763900000100 } from './migrations/1763900000100-classifier-models';
import { ClassifierFeedbackKeys1763900000101 } from './migrations/1763900000101-classifier-feedback-keys';
import { LayoutMemories1763900000200 } from './migrations/1763900000200-layout-memories';
import { StepCanceled1763900000300 } from './migrations/1763900000300-step-canceled';
import { LayoutMemoryTables1763900000428 } from './migrations/1763900000428-layout-memory-tables';
import { FlowsAuditEvents1765000000000 } from './migrations/1765000000000-flows-audit-events';
import { LayoutMemoryEmptyFields1766000000000 } from './migrations/1766000000000-layout-memory-empty-fields';

export const FLOWS_MIGRATIONS = [
  FlowsInitial1763900000000,
  ExecutionStartOutbox1763900000001,
  ClassifierModels1763900000100,
  ClassifierFeedbackKeys1763900000101,
  LayoutMemories1763900000200,
  StepCanceled1763900000300,
  LayoutMemoryTables1763900000428,
  FlowsAuditEvents1765000000000,
  LayoutMemoryEmptyFields1766000000000,
];

export function createFlowsDataSource(config: FlowsConfig): DataSource {
  return createServiceDataSource({
    url: config.databaseUrl,
    schema: 'flows',
    entities: [...FLOWS_ENTITIES, ClassifierModelEntity],
    migrations: FLOWS_MIGRATIONS,
    poolSize: config.databasePoolSize,
    applicationName: 'docket-flows',
  });
}
