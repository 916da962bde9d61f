import { createLogger } from '../logging/logger';
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
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(
    private readonly store: OutboxStore,
    private readonly publisher: OutboxPublisher,
    private readonly options: OutboxRelayOptions = {},
  ) {}

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.poke(), this.options.intervalMs ?? 1000);
    this.poke();
  }

  /** Publish now (coalesced with a run in progress). */
  poke(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => logger.warn({ err: error }, 'outbox relay failed; will retry'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.poke();
        }
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
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
      if (batch.length < batchSize || this.stopped) return;
    }
  }
}
