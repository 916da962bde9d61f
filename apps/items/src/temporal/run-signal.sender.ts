import { createLogger, temporalConnectionOptions } from '@docket/platform';
import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Client, Connection, WorkflowNotFoundError } from '@temporalio/client';

import { ItemsConfig } from '../items.config';

const logger = createLogger('run-signal');

export type SignalOutcome = 'delivered' | 'run-gone' | 'retry';

/**
 * Signals the Temporal workflow of a run. The connection is opened on first use, so the items
 * service starts (and serves reads) while Temporal is still coming up.
 */
@Injectable()
export class RunSignalSender implements OnApplicationShutdown {
  private client?: Promise<{ connection: Connection; client: Client }>;

  constructor(private readonly config: ItemsConfig) {}

  async send(
    workflowId: string,
    signalName: string,
    payload: unknown,
  ): Promise<{ outcome: SignalOutcome; error?: string }> {
    try {
      const { client } = await this.connect();
      await client.workflow.getHandle(workflowId).signal(signalName, payload);
      return { outcome: 'delivered' };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof WorkflowNotFoundError) return { outcome: 'run-gone', error: message };
      logger.warn({ err: error, workflowId, signalName }, 'signal not delivered; will retry');
      // A broken connection is rebuilt on the next attempt.
      this.client = undefined;
      return { outcome: 'retry', error: message };
    }
  }

  private connect(): Promise<{ connection: Connection; client: Client }> {
    this.client ??= (async () => {
      const connection = await Connection.connect({
        ...temporalConnectionOptions(this.config),
        connectTimeout: '5s',
      });
      return {
        connection,
        client: new Client({ connection, namespace: this.config.temporalNamespace }),
      };
    })();
    const pending = this.client;
    pending.catch(() => {
      if (this.client === pending) this.client = undefined;
    });
    return pending;
  }

  async onApplicationShutdown(): Promise<void> {
    const current = this.client;
    this.client = undefined;
    if (current) await (await current.catch(() => undefined))?.connection.close();
  }
}
