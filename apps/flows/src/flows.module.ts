import { DirectoryAccess } from '@docket/contracts';
import { HostedModelGate, OutboundHttpClient } from '@docket/nodes';
import { SERVICE_TRANSACTIONS_PROVIDER } from '@docket/persistence';
import {
  AesGcmCipher,
  assertProductionSafe,
  HealthModule,
  JetStreamEvents,
  loadConfig,
  ReadinessRegistry,
  RpcClientModule,
} from '@docket/platform';
import { Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { FlowAccess } from './access/flow-access';
import { AuditEventsHandler } from './audit/audit-events.handler';
import { AuditEventsRepository } from './database/audit-events.repository';
import { ClassifierModelRepository } from './database/classifier-model.repository';
import { EnvironmentRepository } from './database/environment.repository';
import { registerExecutionMetrics } from './database/execution.metrics';
import { ExecutionRepository } from './database/execution.repository';
import { FlowRepository } from './database/flow.repository';
import { FlowVersionRepository } from './database/flow-version.repository';
import { createFlowsDataSource } from './database/flows-data-source';
import { LayoutMemoryRepository } from './database/layout-memory.repository';
import { VariableRepository } from './database/variable.repository';
import { FlowDefinitionsHandler } from './definitions/flow-definitions.handler';
import { FlowDefinitionsService } from './definitions/flow-definitions.service';
import { NodeTypesHandler } from './definitions/node-types.handler';
import { ReferencedResources } from './definitions/referenced-resources';
import { EnvironmentsHandler } from './environments/environments.handler';
import { EnvironmentsService } from './environments/environments.service';
import { ExecutionAccess } from './executions/execution-access';
import { ExecutionEventsConsumer } from './executions/execution-events.consumer';
import { ExecutionsHandler } from './executions/executions.handler';
import { ExecutionsService } from './executions/executions.service';
import { FlowsConfig } from './flows.config';
import { AiPreviewHandler } from './intelligence/ai-preview.handler';
import { AiPreviewService } from './intelligence/ai-preview.service';
import { FileLayoutHandler } from './intelligence/file-layout.handler';
import { FileLayoutService } from './intelligence/file-layout.service';
import { FileTextSource } from './intelligence/file-text.source';
import { LayoutLearningService } from './intelligence/layout-learning.service';
import { LayoutMemoryHandler } from './intelligence/layout-memory.handler';
import { FlowVersionCache } from './runs/flow-version.cache';
import { RunLauncher } from './runs/run-launcher.service';
import { RunsHandler } from './runs/runs.handler';
import { RunsService } from './runs/runs.service';
import { WorkflowStarter } from './runs/workflow-starter.service';
import { TemporalClientProvider } from './temporal/temporal-client.provider';
import { FileTriggerConsumer } from './triggers/file-trigger.consumer';
import { ScheduleTriggers } from './triggers/schedule-triggers.service';
import { TriggerActivation } from './triggers/trigger-activation.service';
import { VariableCipher } from './variables/variable-cipher';
import { VariablesHandler } from './variables/variables.handler';
import { VariablesService } from './variables/variables.service';

const config = loadConfig(FlowsConfig);
assertProductionSafe(config, config.masterKey);

@Module({
  imports: [HealthModule, RpcClientModule.forConfig(config)],
  controllers: [
    FlowDefinitionsHandler,
    NodeTypesHandler,
    EnvironmentsHandler,
    VariablesHandler,
    RunsHandler,
    ExecutionsHandler,
    AiPreviewHandler,
    LayoutMemoryHandler,
    FileLayoutHandler,
    AuditEventsHandler,
  ],
  providers: [
    { provide: FlowsConfig, useValue: config },
    {
      provide: HostedModelGate,
      useValue: new HostedModelGate(new OutboundHttpClient(config), config.hostedModelConcurrency),
    },
    { provide: DataSource, useFactory: () => createFlowsDataSource(config).initialize() },
    { provide: AesGcmCipher, useValue: AesGcmCipher.fromBase64(config.masterKey) },
    {
      provide: JetStreamEvents,
      useFactory: () =>
        JetStreamEvents.connect({
          servers: config.natsUrl,
          name: 'flows',
          prefix: config.natsPrefix,
          replicas: config.natsStreamReplicas,
        }),
    },
    AiPreviewService,
    AuditEventsRepository,
    LayoutLearningService,
    LayoutMemoryRepository,
    ClassifierModelRepository,
    DirectoryAccess,
    EnvironmentRepository,
    EnvironmentsService,
    ExecutionAccess,
    ExecutionEventsConsumer,
    ExecutionRepository,
    ExecutionsService,
    FileLayoutService,
    FileTextSource,
    FileTriggerConsumer,
    FlowAccess,
    FlowDefinitionsService,
    FlowRepository,
    SERVICE_TRANSACTIONS_PROVIDER,
    FlowVersionRepository,
    ReferencedResources,
    FlowVersionCache,
    RunLauncher,
    RunsService,
    ScheduleTriggers,
    TemporalClientProvider,
    TriggerActivation,
    VariableCipher,
    VariableRepository,
    VariablesService,
    WorkflowStarter,
  ],
})
export class FlowsModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: JetStreamEvents,
    private readonly temporal: TemporalClientProvider,
    private readonly readiness: ReadinessRegistry,
  ) {}

  onModuleInit(): void {
    this.readiness.register('postgres', () => this.dataSource.query('SELECT 1'));
    registerExecutionMetrics(this.dataSource);
    this.readiness.register('nats-jetstream', async () => {
      if (!this.events.isConnected()) throw new Error('not connected');
    });
    this.readiness.register('temporal', () => this.temporal.client());
  }

  async onApplicationShutdown(): Promise<void> {
    await this.events.close();
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
