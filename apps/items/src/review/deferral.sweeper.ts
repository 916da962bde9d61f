import { createLogger } from '@docket/platform';
import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { AuditRepository } from '../database/audit.repository';
import { ItemRepository } from '../database/item.repository';
import { assertTransition } from '../domain/item-state-machine';
import { ItemsConfig } from '../items.config';

const logger = createLogger('deferral-sweeper');

/**
 * Returns deferred items to REVIEW once their until-time has passed. Idempotent, so every
 * replica may run it; a partial index keeps it cheap however many items exist.
 */
@Injectable()
export class DeferralSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly items: ItemRepository,
    private readonly audit: AuditRepository,
    private readonly config: ItemsConfig,
  ) {}

  onApplicationBootstrap(): void {
    // The one rule for this move lives in the state machine; fail at start if it ever changes.
    assertTransition('DEFERRED', 'REVIEW');
    this.timer = setInterval(() => {
      this.running ??= this.sweep()
        .then(() => undefined)
        .catch((error: unknown) => logger.error({ err: error }, 'deferral sweep failed'))
        .finally(() => (this.running = undefined));
    }, this.config.deferSweepSeconds * 1000);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  async sweep(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const returned = await this.items.returnDueDeferrals(manager);
      for (const item of returned) {
        await this.audit.record(manager, item, null, 'item.resumed', { by: 'until-time' });
      }
      return returned.length;
    });
  }
}
