import { createLogger, temporalConnectionOptions } from '@docket/platform';
import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Client, Connection } from '@temporalio/client';

import { FlowsConfig } from '../flows.config';

const logger = createLogger('temporal-client');

/** One Temporal connection per process, opened on first use and closed on shutdown. */
@Injectable()
export class TemporalClientProvider implements OnApplicationShutdown {
  private connecting?: Promise<Client>;
  private connection?: Connection;

  constructor(private readonly config: FlowsConfig) {}

  client(): Promise<Client> {
    this.connecting ??= this.connect().catch((error: unknown) => {
      this.connecting = undefined;
      throw error;
    });
    return this.connecting;
  }

  get taskQueue(): string {
    return this.config.taskQueue();
  }

  private async connect(): Promise<Client> {
    this.connection = await Connection.connect(temporalConnectionOptions(this.config));
    logger.info({ namespace: this.config.temporalNamespace }, 'connected to Temporal');
    return new Client({ connection: this.connection, namespace: this.config.temporalNamespace });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.connection?.close();
  }
}
