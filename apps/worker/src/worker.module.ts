import { HostedModelGate, OutboundHttpClient } from '@docket/nodes';
import {
  HealthModule,
  JetStreamEvents,
  loadConfig,
  ReadinessRegistry,
  RpcClientModule,
} from '@docket/platform';
import { Inject, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';

import { FlowActivitiesService } from './activities/flow-activities.service';
import { ClassifyExecutor } from './nodes/executors/classify.executor';
import { ExtractExecutor } from './nodes/executors/extract.executor';
import { HttpRequestExecutor } from './nodes/executors/http-request.executor';
import { MatchingExecutor } from './nodes/executors/matching.executor';
import { PureNodeExecutor } from './nodes/executors/pure-node.executor';
import { SplitExecutor } from './nodes/executors/split.executor';
import { SummarizeExecutor } from './nodes/executors/summarize.executor';
import { WriteBackExecutor } from './nodes/executors/write-back.executor';
import { NODE_EXECUTORS, NodeExecutor } from './nodes/node-executor';
import { NodeRunner } from './nodes/node-runner.service';
import { ExecutionReporter } from './reporting/execution-reporter';
import { LayoutFeedbackService } from './runs/layout-feedback.service';
import { ReviewFeedbackService } from './runs/review-feedback.service';
import { ReviewGate } from './runs/review-gate.service';
import { RunLifecycle } from './runs/run-lifecycle.service';
import { RunSecretsProvider } from './secrets/run-secrets.provider';
import { DocumentTextSource } from './services/document-text.source';
import { RunFilesClient } from './services/run-files.client';
import { RunItemClient } from './services/run-item.client';
import { TemporalWorkerHost } from './temporal/temporal-worker.host';
import { WorkerConfig } from './worker.config';

const config = loadConfig(WorkerConfig);

const EXECUTORS = [
  PureNodeExecutor,
  WriteBackExecutor,
  HttpRequestExecutor,
  ClassifyExecutor,
  SplitExecutor,
  ExtractExecutor,
  SummarizeExecutor,
  MatchingExecutor,
];

@Module({
  imports: [HealthModule, RpcClientModule.forConfig(config)],
  providers: [
    { provide: WorkerConfig, useValue: config },
    {
      provide: JetStreamEvents,
      useFactory: () =>
        JetStreamEvents.connect({
          servers: config.natsUrl,
          name: 'worker',
          prefix: config.natsPrefix,
          replicas: config.natsStreamReplicas,
        }),
    },
    ...EXECUTORS,
    {
      provide: NODE_EXECUTORS,
      useFactory: (...executors: NodeExecutor[]) => executors,
      inject: EXECUTORS,
    },
    DocumentTextSource,
    ExecutionReporter,
    FlowActivitiesService,
    NodeRunner,
    {
      provide: OutboundHttpClient,
      useFactory: (settings: WorkerConfig) => new OutboundHttpClient(settings),
      inject: [WorkerConfig],
    },
    {
      provide: HostedModelGate,
      useFactory: (http: OutboundHttpClient, settings: WorkerConfig) =>
        new HostedModelGate(http, settings.hostedModelConcurrency),
      inject: [OutboundHttpClient, WorkerConfig],
    },
    ReviewGate,
    ReviewFeedbackService,
    LayoutFeedbackService,
    RunFilesClient,
    RunItemClient,
    RunLifecycle,
    RunSecretsProvider,
    TemporalWorkerHost,
  ],
})
export class WorkerModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(JetStreamEvents) private readonly events: JetStreamEvents,
    private readonly readiness: ReadinessRegistry,
  ) {}

  onModuleInit(): void {
    this.readiness.register('nats-jetstream', async () => {
      if (!this.events.isConnected()) throw new Error('not connected');
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.events.close();
  }
}
