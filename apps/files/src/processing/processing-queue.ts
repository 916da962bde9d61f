import { createLogger, PeriodicTask } from '@docket/platform';
import { BeforeApplicationShutdown, Injectable, OnApplicationBootstrap } from '@nestjs/common';

import { FileRepository } from '../database/file.repository';
import { FileEntity } from '../database/files.entities';
import { FilesConfig } from '../files.config';
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
  private readonly claims: PeriodicTask;
  private readonly leaseCheck: PeriodicTask;
  /** The next renewal tries again after a failure; a quarter of the lease is left before it lapses. */
  private readonly renewal: PeriodicTask;

  constructor(
    private readonly files: FileRepository,
    private readonly processor: FileProcessor,
    private readonly config: FilesConfig,
  ) {
    const leaseMs = config.processingLeaseSeconds * 1000;
    this.claims = new PeriodicTask(() => this.fill(), {
      name: 'claim work',
      everyMs: POLL_MS,
      logger,
    });
    this.leaseCheck = new PeriodicTask(() => this.recoverStale(), {
      name: 'lease check',
      everyMs: leaseMs / 2,
      logger,
    });
    this.renewal = new PeriodicTask(() => this.files.renewLeases([...this.running.keys()]), {
      name: 'lease renewal',
      everyMs: leaseMs / 4,
      logger,
    });
  }

  onApplicationBootstrap(): void {
    this.claims.start({ runNow: true });
    this.leaseCheck.start({ runNow: true });
    this.renewal.start();
  }

  /** Fill free slots now; concurrent pokes coalesce into one claim loop. */
  poke(): void {
    this.claims.poke();
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

  private async recoverStale(): Promise<void> {
    const recovered = await this.files.recoverStaleProcessing(
      this.config.processingLeaseSeconds,
      this.config.processingMaxAttempts,
    );
    if (recovered > 0) logger.warn({ recovered }, 'took back files from a stopped replica');
  }

  /**
   * Stops claiming and aborts running work; aborted files go back on the queue. Leases are
   * renewed until the last of them has ended.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.shutdown.abort();
    await Promise.all([this.claims.stop(), this.leaseCheck.stop()]);
    await Promise.allSettled([...this.running.values()]);
    await this.renewal.stop();
  }
}
