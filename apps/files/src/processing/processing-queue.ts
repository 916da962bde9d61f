import { createLogger } from '@docket/platform';
import { BeforeApplicationShutdown, Injectable, OnApplicationBootstrap } from '@nestjs/common';

import { FileEntity } from '../database/files.entities';
import { FilesConfig } from '../files.config';
import { FileRepository } from '../records/file.repository';
import { FileProcessor } from './file-processor.service';

const logger = createLogger('processing-queue');
const POLL_MS = 1000;

/**
 * The table is the queue: UPLOADED files wait, a claim moves one to PROCESSING (SKIP LOCKED, so
 * replicas share the work), and at most `processingConcurrency` run in this process. A poke
 * after an arrival starts work at once; the poll catches everything else (other replicas,
 * retries whose delay has passed, children of an unpacked container).
 */
@Injectable()
export class ProcessingQueue implements OnApplicationBootstrap, BeforeApplicationShutdown {
  /** fileId -> its processing, for the lease renewal. */
  private readonly running = new Map<string, Promise<void>>();
  private readonly shutdown = new AbortController();
  private filling?: Promise<void>;
  private refill = false;
  private pollTimer?: NodeJS.Timeout;
  private leaseTimer?: NodeJS.Timeout;
  private renewTimer?: NodeJS.Timeout;

  constructor(
    private readonly files: FileRepository,
    private readonly processor: FileProcessor,
    private readonly config: FilesConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.pollTimer = setInterval(() => this.poke(), POLL_MS);
    const leaseMs = this.config.processingLeaseSeconds * 1000;
    this.leaseTimer = setInterval(() => void this.recoverStale(), leaseMs / 2);
    this.renewTimer = setInterval(() => void this.renewLeases(), leaseMs / 4);
    void this.recoverStale();
    this.poke();
  }

  /** Fill free slots now; concurrent pokes coalesce into one claim loop. */
  poke(): void {
    if (this.shutdown.signal.aborted) return;
    if (this.filling) {
      this.refill = true;
      return;
    }
    this.filling = this.fill()
      .catch((error: unknown) => logger.warn({ err: error }, 'could not claim work'))
      .finally(() => {
        this.filling = undefined;
        if (this.refill) {
          this.refill = false;
          this.poke();
        }
      });
  }

  private async fill(): Promise<void> {
    while (this.running.size < this.config.processingConcurrency) {
      if (this.shutdown.signal.aborted) return;
      const file = await this.files.claimForProcessing();
      if (!file) return;
      this.start(file);
    }
  }

  private start(file: FileEntity): void {
    const task = this.processor
      .process(file, this.shutdown.signal)
      .catch((error: unknown) =>
        logger.error({ err: error, fileId: file.id }, 'processing crashed'),
      )
      .finally(() => {
        this.running.delete(file.id);
        this.poke();
      });
    this.running.set(file.id, task);
  }

  private async renewLeases(): Promise<void> {
    try {
      await this.files.renewLeases([...this.running.keys()]);
    } catch (error) {
      // The next renewal tries again; a quarter of the lease is left before it lapses.
      logger.warn({ err: error }, 'lease renewal failed');
    }
  }

  private async recoverStale(): Promise<void> {
    try {
      const recovered = await this.files.recoverStaleProcessing(
        this.config.processingLeaseSeconds,
        this.config.processingMaxAttempts,
      );
      if (recovered > 0) logger.warn({ recovered }, 'took back files from a stopped replica');
    } catch (error) {
      logger.warn({ err: error }, 'lease check failed');
    }
  }

  /** Stops claiming and aborts running work; aborted files go back on the queue. */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.pollTimer);
    clearInterval(this.leaseTimer);
    this.shutdown.abort();
    await this.filling;
    await Promise.allSettled([...this.running.values()]);
    clearInterval(this.renewTimer);
  }
}
