import { ExecutionStatusEventV1, ExecutionStepEventV1 } from '@docket/contracts';
import { JetStreamEvents, Subscription } from '@docket/platform';
import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';

import { ExecutionRepository } from './execution.repository';

/** Events handled at once per consumer: the more in flight, the fewer statements write them. */
const IN_FLIGHT = 64;

/**
 * Feeds the execution read model from the worker's events. Replicas share the durable
 * consumers; every application is idempotent and order-tolerant (see ExecutionRepository).
 */
@Injectable()
export class ExecutionEventsConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly subscriptions: Subscription[] = [];

  constructor(
    private readonly events: JetStreamEvents,
    private readonly executions: ExecutionRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscriptions.push(
      await this.events.consume(ExecutionStatusEventV1, {
        durable: 'flows-execution-status',
        concurrency: IN_FLIGHT,
        handle: (event) => this.executions.applyStatus(event),
      }),
      await this.events.consume(ExecutionStepEventV1, {
        durable: 'flows-execution-steps',
        concurrency: IN_FLIGHT,
        handle: (event) => this.executions.applyStep(event),
      }),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.subscriptions.map((subscription) => subscription.stop()));
  }
}
