import { IsIn, IsInt, IsString, Max, Min } from 'class-validator';

import { Env } from './env.decorator';

/** Settings every Docket process shares. Services extend it with their own. */
export class BaseConfig {
  @Env('DOCKET_ENV', 'development, test or production; production refuses unsafe defaults')
  @IsIn(['development', 'test', 'production'])
  environment = 'development';

  @Env(
    'HTTP_PORT',
    'Port of this process HTTP server (health, readiness, metrics; the API on the gateway)',
  )
  @IsInt()
  @Min(0)
  @Max(65535)
  httpPort = 0;

  @Env('HTTP_HOST', 'Address the HTTP server binds to')
  @IsString()
  httpHost = '127.0.0.1';

  @Env('NATS_URL', 'NATS server URL(s), comma separated')
  @IsString()
  natsUrl = 'nats://127.0.0.1:4222';

  @Env(
    'DOCKET_NATS_PREFIX',
    'Prefix of every NATS subject and stream, so stacks can share a server',
  )
  @IsString()
  natsPrefix = 'docket';

  @Env(
    'NATS_STREAM_REPLICAS',
    'Replicas of each JetStream stream Docket creates: 1 on one server, 3 on a three-node cluster',
  )
  @IsInt()
  @Min(1)
  @Max(5)
  natsStreamReplicas = 1;

  @Env(
    'NATS_REQUEST_TIMEOUT_MS',
    'How long a service call may take before it is reported unavailable',
  )
  @IsInt()
  @Min(100)
  natsRequestTimeoutMs = 15000;

  @Env('LOG_LEVEL', 'trace, debug, info, warn, error')
  @IsIn(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'])
  logLevel = 'info';
}

export class DatabaseConfig extends BaseConfig {
  @Env('DATABASE_URL', 'PostgreSQL connection URL', { secret: true })
  @IsString()
  databaseUrl = 'postgres://postgres@127.0.0.1:5432/docket';

  @Env('DATABASE_POOL_SIZE', 'Connections per process')
  @IsInt()
  @Min(1)
  databasePoolSize = 10;
}

/** The development master key is public on purpose; production refuses to start with it. */
export const DEVELOPMENT_MASTER_KEY = Buffer.alloc(32, 'docket-development-master-key!!').toString(
  'base64',
);

export function assertProductionSafe(config: BaseConfig, masterKey: string): void {
  if (config.environment === 'production' && masterKey === DEVELOPMENT_MASTER_KEY) {
    throw new Error('DOCKET_MASTER_KEY must be set in production');
  }
}

/** Services that talk to Temporal (flows starts runs, items signals them, the worker executes). */
export class TemporalConfig extends DatabaseConfig {
  @Env('TEMPORAL_ADDRESS', 'Temporal frontend host:port')
  @IsString()
  temporalAddress = '127.0.0.1:7233';

  @Env('TEMPORAL_NAMESPACE', 'Temporal namespace')
  @IsString()
  temporalNamespace = 'default';

  @Env('TEMPORAL_TASK_QUEUE', 'Task queue of flow runs; empty = "<DOCKET_NATS_PREFIX>-flows"')
  @IsString()
  temporalTaskQueue = '';

  @Env('TEMPORAL_TLS_CERT_PATH', 'Client certificate (PEM) for mTLS to Temporal; empty = no mTLS')
  @IsString()
  temporalTlsCertPath = '';

  @Env('TEMPORAL_TLS_KEY_PATH', 'Private key (PEM) of the mTLS client certificate')
  @IsString()
  temporalTlsKeyPath = '';

  @Env('TEMPORAL_TLS_CA_PATH', 'CA bundle (PEM) that signs the Temporal server; empty = system CAs')
  @IsString()
  temporalTlsCaPath = '';

  @Env(
    'TEMPORAL_TLS_SERVER_NAME',
    'Server name to verify on the Temporal certificate, if not the host',
  )
  @IsString()
  temporalTlsServerName = '';

  @Env(
    'TEMPORAL_API_KEY',
    'Temporal Cloud API key (turns TLS on); a credential: pass it from a Secret. Empty = none',
  )
  @IsString()
  temporalApiKey = '';

  taskQueue(): string {
    return this.temporalTaskQueue || `${this.natsPrefix}-flows`;
  }
}
