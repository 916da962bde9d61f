import { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';

import { currentTraceId } from '../trace/trace-context';
import { REDACTED, redactHeaders, redactUrl } from './redact';

/** Credential headers wherever a logged object carries request or response headers. */
const REDACT_PATHS = ['authorization', 'cookie', 'x-docket-internal-secret'].flatMap((header) => [
  `headers.${header}`,
  `*.headers.${header}`,
  `*.*.headers.${header}`,
]);

/** Values registered here are replaced in every log line, whatever field carries them. */
const scrubbedValues = new Set<string>();

export function registerSecretForScrubbing(value: string): void {
  if (value.length >= 4) scrubbedValues.add(value);
}

export function scrubSecrets(text: string): string {
  let result = text;
  for (const secret of scrubbedValues) result = result.split(secret).join('***');
  return result;
}

let root: Logger | undefined;

/** Structured JSON logs; every line carries the service name and the current trace id. */
export function rootLogger(): Logger {
  root ??= pino(
    {
      level: process.env.LOG_LEVEL ?? 'info',
      base: { service: process.env.DOCKET_SERVICE ?? 'docket' },
      timestamp: pino.stdTimeFunctions.isoTime,
      messageKey: 'message',
      // Every logged URL and header set passes here: credentials in query strings (a token sent
      // as ?access_token=, a SAS sig, an OAuth code) and headers never reach the log.
      serializers: {
        url: (url: unknown) => (typeof url === 'string' ? redactUrl(url) : url),
        headers: (headers: unknown) =>
          headers && typeof headers === 'object'
            ? redactHeaders(headers as Record<string, string | string[] | undefined>)
            : headers,
      },
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      mixin: () => {
        const traceId = currentTraceId();
        return traceId ? { traceId } : {};
      },
      hooks: {
        streamWrite: (line) => (scrubbedValues.size ? scrubSecrets(line) : line),
      },
    },
    // Command-line tools keep stdout for their result; their logs go to stderr. Writes are
    // asynchronous so a request never waits on the log's file descriptor; pino flushes what is
    // pending when the process exits.
    pino.destination({ dest: process.env.DOCKET_LOG_TO_STDERR ? 2 : 1, sync: false }),
  );
  return root;
}

export function createLogger(component: string): Logger {
  return rootLogger().child({ component });
}

/** Routes Nest's own logging into the same structured stream. */
export class NestPinoLogger implements LoggerService {
  private readonly logger = createLogger('nest');

  log(message: unknown, context?: string): void {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}
