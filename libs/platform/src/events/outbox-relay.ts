import { createLogger } from '../logging/logger';
import { PeriodicTask } from '../scheduling/periodic-task';
import { PublishResult } from './jetstream-events';

const logger = createLogger('outbox-relay');

/** A row written in the same transaction as the state change it announces. */
export interface OutboxMessage {
  id: string;
  /** Unprefixed event subject, e.g. `files.file.ready.v1`. */
  subject: string;
  payload: unknown;
  /** Stable per event (not per attempt), so a re-publish after a crash is dropped by JetStream. */
  msgId: string;
}

/** The service's own table behind the relay. */
export interface OutboxStore {
  /** Oldest unpublished rows first. */
  pending(limit: number): Promise<OutboxMessage[]>;
  markPublished(ids: string[]): Promise<void>;
}

export interface OutboxPublisher {
  publishRaw(subject: string, payload: unknown, msgId: string): Promise<PublishResult>;
}

export interface OutboxRelayOptions {
  /** Poll interval; `poke()` publishes at once after a commit. Default 1000 ms. */
  intervalMs?: number;
  batchSize?: number;
}

/**
 * Moves committed outbox rows to JetStream: at least once, de-duplicated downstream by msgId.
 * Replicas may relay the same row concurrently; JetStream keeps one copy.
 */
export class OutboxRelay {
  private readonly task: PeriodicTask;

  constructor(
    private readonly store: OutboxStore,
    private readonly publisher: OutboxPublisher,
    private readonly options: OutboxRelayOptions = {},
  ) {
    this.task = new PeriodicTask(() => this.drain(), {
      name: 'outbox relay',
      everyMs: options.intervalMs ?? 1000,
      logger,
    });
  }

  start(): void {
    this.task.start({ runNow: true });
  }

  /** Publish now (coalesced with a run in progress). */
  poke(): void {
    this.task.poke();
  }

  async stop(): Promise<void> {
    await this.task.stop();
  }

  private async drain(): Promise<void> {
    const batchSize = this.options.batchSize ?? 100;
    for (;;) {
      const batch = await this.store.pending(batchSize);
      if (batch.length === 0) return;
      for (const message of batch) {
        await this.publisher.publishRaw(message.subject, message.payload, message.msgId);
        await this.store.markPublished([message.id]);
      }
      if (batch.length < batchSize || this.task.stopped) return;
    }
  }
}
