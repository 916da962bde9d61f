import { createLogger, subjectOf } from '@docket/platform';
import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { connect, NatsConnection } from 'nats';

import { GatewayConfig } from '../gateway.config';
import { AccessCache } from './access.cache';

const logger = createLogger('access-events');

/** Every gateway replica listens (no queue group), so each drops its own cached access. */
@Injectable()
export class AccessEventsListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private connection?: NatsConnection;

  constructor(
    private readonly cache: AccessCache,
    private readonly config: GatewayConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.connection = await connect({
      servers: this.config.natsUrl.split(','),
      name: 'gateway-access-events',
    });
    const subscription = this.connection.subscribe(
      subjectOf({ subject: AccessCache.CHANGED_SUBJECT }),
    );
    void (async () => {
      for await (const message of subscription) {
        try {
          const { data } = message.json<{ data?: { userId?: string } }>();
          if (data?.userId) this.cache.forget(data.userId);
        } catch (error) {
          logger.warn({ err: error }, 'ignored malformed access event');
        }
      }
    })();
  }

  isConnected(): boolean {
    return this.connection !== undefined && !this.connection.isClosed();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.connection?.drain();
  }
}
