import { createLogger, ReadinessRegistry, temporalConnectionOptions } from '@docket/platform';
import { BeforeApplicationShutdown, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { NativeConnection, Worker } from '@temporalio/worker';

import { FlowActivitiesService } from '../activities/flow-activities.service';
import { WorkerConfig } from '../worker.config';
import { createFlowWorker } from './flow-worker.factory';
import { installTemporalRuntime } from './temporal-runtime';

const logger = createLogger('temporal-worker');

/**
 * Runs the Temporal worker inside the Nest application: it starts in the background (bundling
 * the workflows takes seconds, health must answer meanwhile), reports readiness once polling,
 * and drains on shutdown. A worker that dies on its own takes the process with it, so the
 * supervisor restarts it instead of leaving a live process that does no work.
 */
@Injectable()
export class TemporalWorkerHost implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private worker?: Worker;
  private connection?: NativeConnection;
  private running?: Promise<void>;
  private stopping = false;

  constructor(
    private readonly config: WorkerConfig,
    private readonly activities: FlowActivitiesService,
    private readonly readiness: ReadinessRegistry,
  ) {}

  onApplicationBootstrap(): void {
    this.readiness.register('temporal-worker', async () => {
      if (this.worker?.getState() !== 'RUNNING') {
        throw new Error(`worker ${this.worker?.getState() ?? 'starting'}`);
      }
    });
    void this.start().catch((error: unknown) => {
      logger.fatal({ err: error }, 'Temporal worker could not start');
      process.exit(1);
    });
  }

  private async start(): Promise<void> {
    installTemporalRuntime();
    this.connection = await NativeConnection.connect(temporalConnectionOptions(this.config));
    this.worker = await createFlowWorker({
      config: this.config,
      connection: this.connection,
      activities: this.activities,
    });
    logger.info(
      { taskQueue: this.config.taskQueue(), namespace: this.config.temporalNamespace },
      'Temporal worker polling',
    );
    this.running = this.worker.run().catch((error: unknown) => {
      if (this.stopping) return;
      logger.fatal({ err: error }, 'Temporal worker stopped unexpectedly');
      process.exit(1);
    });
  }

  /** Before the other providers close: activities in flight still report through JetStream. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    if (this.worker && this.worker.getState() === 'RUNNING') this.worker.shutdown();
    await this.running;
    await this.connection?.close();
  }
}
