import { createLogger } from '@docket/platform';
import { DefaultLogger, LogLevel, Runtime } from '@temporalio/worker';

const logger = createLogger('temporal-sdk');
let installed = false;

const LEVELS: Record<LogLevel, 'trace' | 'debug' | 'info' | 'warn' | 'error'> = {
  TRACE: 'trace',
  DEBUG: 'debug',
  INFO: 'info',
  WARN: 'warn',
  ERROR: 'error',
};

/**
 * Sends the Temporal SDK's own log lines (worker state, workflow failures) into our JSON log,
 * warnings and up only: a failed run is recorded in the read model, not shouted on stdout.
 * The runtime is process-wide and can be installed once, before the first connection.
 */
export function installTemporalRuntime(): void {
  if (installed) return;
  installed = true;
  Runtime.install({
    logger: new DefaultLogger('WARN', (entry) => {
      logger[LEVELS[entry.level]]({ ...entry.meta }, entry.message);
    }),
  });
}
