import { createLogger, PeriodicTask } from '@docket/platform';
import { BeforeApplicationShutdown, Injectable, OnApplicationBootstrap } from '@nestjs/common';

import { FilesConfig } from '../files.config';
import { ArrivalService } from './arrival.service';

const logger = createLogger('upload-reconciler');

/**
 * How often long-expired uploads are abandoned. That query reads every pending upload (an index
 * on the expiry would serve it, but every upload's INSERT would pay for it), so it runs once a
 * minute rather than on every tick: with many pending uploads, a read of all of them each second
 * was a cost that grew with them (docs/benchmarks.md). An upload is then abandoned up to a
 * minute later than UPLOAD_ABANDON_AFTER_SECONDS says, never earlier.
 */
export const ABANDON_EVERY_MS = 60_000;

/** True once per period: at the first call, then at the first call a period after the last. */
export class Every {
  private last = -Infinity;

  constructor(private readonly periodMs: number) {}

  due(now: number): boolean {
    if (now - this.last < this.periodMs) return false;
    this.last = now;
    return true;
  }
}

/** Periodically looks for the content of pending uploads (Azurite has no storage events). */
@Injectable()
export class UploadReconciler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly abandoning = new Every(ABANDON_EVERY_MS);
  private readonly task: PeriodicTask;

  constructor(
    private readonly arrival: ArrivalService,
    config: FilesConfig,
  ) {
    this.task = new PeriodicTask(() => this.reconcile(), {
      name: 'reconcile pending uploads',
      everyMs: config.reconcileIntervalMs,
      logger,
    });
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  private async reconcile(): Promise<void> {
    if (this.abandoning.due(Date.now())) await this.arrival.abandonExpired();
    await this.arrival.checkPending();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.task.stop();
  }
}
