import type { NatsConnection } from 'nats';

import { createLogger } from '../logging/logger';

const logger = createLogger('nats');

/**
 * Logs a connection's losses and returns to the cluster (which server, when): after a NATS
 * node dies, these lines say how long each process was cut off.
 */
export function logConnectionChanges(connection: NatsConnection, name: string): void {
  void (async () => {
    for await (const status of connection.status()) {
      if (status.type === 'disconnect' || status.type === 'reconnect' || status.type === 'ldm') {
        logger.warn({ connection: name, server: status.data }, `nats ${status.type}`);
      }
    }
  })();
}
