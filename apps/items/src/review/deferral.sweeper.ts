import { ServiceTransactions } from '@docket/persistence';
import { createLogger, PeriodicTask } from '@docket/platform';
import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';

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
  private readonly task: PeriodicTask;

  constructor(
    private readonly transactions: ServiceTransactions,
    private readonly items: ItemRepository,
    private readonly audit: AuditRepository,
    config: ItemsConfig,
  ) {
    this.task = new PeriodicTask(() => this.sweep(), {
      name: 'deferral sweep',
      everyMs: config.deferSweepSeconds * 1000,
      logger,
    });
  }

  onApplicationBootstrap(): void {
    // The one rule for this move lives in the state machine; fail at start if it ever changes.
    assertTransition('DEFERRED', 'REVIEW');
    this.task.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.task.stop();
  }

  async sweep(): Promise<number> {
    return this.transactions.run(async (manager) => {
      const returned = await this.items.returnDueDeferrals(manager);
      for (const item of returned) {
        await this.audit.record(manager, item, null, 'item.resumed', { by: 'until-time' });
      }
      return returned.length;
    });
  }
}
