import { ServiceTransactions } from '@docket/persistence';
import { createLogger, PeriodicTask } from '@docket/platform';
import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';

import { SignalOutboxRepository } from '../database/signal-outbox.repository';
import { ItemsConfig } from '../items.config';
import { RunSignalSender } from './run-signal.sender';

const logger = createLogger('signal-outbox');
const BATCH = 20;

/**
 * Delivers the outbox: right after the commit that wrote a signal (`deliver(id)`), and on a
 * timer for anything that failed (Temporal down, network), so a submitted review always reaches
 * its run. Rows are claimed with SKIP LOCKED, so replicas never deliver the same signal twice
 * at once; a workflow that no longer exists is recorded as failed and not retried.
 */
@Injectable()
export class SignalOutboxDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly retries: PeriodicTask;

  constructor(
    private readonly transactions: ServiceTransactions,
    private readonly outbox: SignalOutboxRepository,
    private readonly sender: RunSignalSender,
    config: ItemsConfig,
  ) {
    this.retries = new PeriodicTask(() => this.deliverDue(), {
      name: 'signal outbox sweep',
      everyMs: config.signalRetrySeconds * 1000,
      logger,
    });
  }

  onApplicationBootstrap(): void {
    this.retries.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.retries.stop();
  }

  /** True when the signal is delivered now; false leaves it to the retry timer. */
  async deliver(id: string): Promise<boolean> {
    const delivered = await this.deliverClaimed(id);
    return delivered.includes(id);
  }

  async deliverDue(): Promise<void> {
    await this.deliverClaimed();
  }

  private deliverClaimed(id?: string): Promise<string[]> {
    return this.transactions.run(async (manager) => {
      const due = await this.outbox.claimDue(manager, BATCH, id);
      const delivered: string[] = [];
      for (const signal of due) {
        const result = await this.sender.send(
          signal.workflow_id,
          signal.signal_name,
          signal.payload,
        );
        if (result.outcome === 'delivered') {
          await this.outbox.markDelivered(manager, signal.id);
          delivered.push(signal.id);
        } else {
          await this.outbox.markFailed(
            manager,
            signal.id,
            result.error ?? 'unknown',
            result.outcome === 'run-gone',
          );
          if (result.outcome === 'run-gone') {
            logger.warn(
              { workflowId: signal.workflow_id, signal: signal.signal_name },
              'run no longer exists; signal dropped',
            );
          }
        }
      }
      return delivered;
    });
  }
}
