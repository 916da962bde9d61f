import {
  ExecutionStatusEvent,
  ExecutionStatusEventV1,
  ExecutionStepEventV1,
} from '@docket/contracts';
import { Delivery, JetStreamEvents, RedeliverLater, Subscription } from '@docket/platform';
import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';

import { ExecutionRepository } from '../database/execution.repository';

/** Events handled at once per consumer: the more in flight, the fewer statements write them. */
const IN_FLIGHT = 64;

/**
 * A run's end waits for its last steps' events (a separate consumer applies them; the
 * repository first waits for the steps this process has in hand): when they are still missing
 * it comes back after 25 ms, then 50, 100 ...
 */
const STEP_WAIT_FIRST_MS = 25;
/**
 * The delivery that shows the end whatever the steps (after about 6 s of waiting): a step
 * event that can never be written (refused as poison) must not keep a run open for ever.
 */
const STEP_WAIT_LAST_DELIVERY = 9;
/** Deliveries of a status event in all: the waits above, then retries of failed writes. */
const STATUS_MAX_DELIVER = STEP_WAIT_LAST_DELIVERY + 10;

/** How a run's end on its `delivery`-th delivery treats missing steps. */
export function stepWaitOf(delivery: number): { waitForSteps: boolean; retryInMs: number } {
  return {
    waitForSteps: delivery < STEP_WAIT_LAST_DELIVERY,
    retryInMs: STEP_WAIT_FIRST_MS * 2 ** (delivery - 1),
  };
}

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
        maxDeliver: STATUS_MAX_DELIVER,
        handle: (event, delivery) => this.applyStatus(event, delivery),
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

  private async applyStatus(event: ExecutionStatusEvent, delivery: Delivery): Promise<void> {
    const { waitForSteps, retryInMs } = stepWaitOf(delivery.deliveryCount);
    const outcome = await this.executions.applyStatus(event, { waitForSteps });
    if (outcome === 'waiting-for-steps') {
      throw new RedeliverLater(
        retryInMs,
        `run ${event.executionId} ends once ${event.stepsCompleted} completed steps are shown`,
      );
    }
  }
}
