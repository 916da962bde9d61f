import { createLogger } from '@docket/platform';
import { BeforeApplicationShutdown, Injectable, OnApplicationBootstrap } from '@nestjs/common';

import { FilesConfig } from '../files.config';
import { ArrivalService } from './arrival.service';

const logger = createLogger('upload-reconciler');

/** Periodically looks for the content of pending uploads (Azurite has no storage events). */
@Injectable()
export class UploadReconciler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly arrival: ArrivalService,
    private readonly config: FilesConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.tick(), this.config.reconcileIntervalMs);
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.arrival
      .reconcile()
      .catch((error: unknown) => logger.warn({ err: error }, 'reconcile tick failed'))
      .finally(() => (this.running = undefined));
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
