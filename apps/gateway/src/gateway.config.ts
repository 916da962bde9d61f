import { BaseConfig, Env } from '@docket/platform';
import { IsInt, IsString, Min } from 'class-validator';

export class GatewayConfig extends BaseConfig {
  override httpPort = 3000;

  @Env(
    'REDIS_URL',
    'Redis URL: rate-limit counters and idempotency records shared by all gateway replicas',
    { secret: true },
  )
  @IsString()
  redisUrl = 'redis://127.0.0.1:6379';

  @Env('JWT_ISSUER', 'Accepted iss claim')
  @IsString()
  jwtIssuer = 'https://docket.local/identity';

  @Env('JWT_AUDIENCE', 'Accepted aud claim')
  @IsString()
  jwtAudience = 'docket-api';

  @Env(
    'RATE_LIMIT_PER_MINUTE',
    'Requests per rolling minute per user of an API token (the specification sets 60), and ' +
      'token exchanges per minute per API-key prefix and client address',
  )
  @IsInt()
  @Min(1)
  rateLimitPerMinute = 60;

  @Env(
    'SESSION_RATE_LIMIT_PER_MINUTE',
    'Requests per rolling minute per browser sign-on session (the console: opening an item, ' +
      'lock heartbeats and upload polls of one reviewer)',
  )
  @IsInt()
  @Min(1)
  sessionRateLimitPerMinute = 300;

  @Env(
    'PUBLIC_RATE_LIMIT_PER_MINUTE',
    'Requests per rolling minute per client address to routes without a token (sign-in, ' +
      'session refresh, signing keys, API docs); the console files are not limited',
  )
  @IsInt()
  @Min(1)
  publicRateLimitPerMinute = 600;

  @Env(
    'TOKEN_EXCHANGE_FAILURES_PER_MINUTE',
    'Failed token exchanges per rolling minute counted per client address and per API-key ' +
      'prefix; past either, further failures are refused (429), a valid key still exchanges',
  )
  @IsInt()
  @Min(1)
  tokenExchangeFailuresPerMinute = 10;

  @Env(
    'TRUSTED_PROXIES',
    'Comma-separated addresses or CIDR ranges of reverse proxies whose X-Forwarded-For names ' +
      'the client; empty (the default) trusts none and uses the connection address',
  )
  @IsString()
  trustedProxies = '';

  @Env(
    'ACCESS_CACHE_SECONDS',
    'How long a user project grants are cached before asking identity again',
  )
  @IsInt()
  @Min(0)
  accessCacheSeconds = 15;

  @Env('PUBLIC_BASE_URL', 'Base URL printed in docs and OpenAPI servers')
  @IsString()
  publicBaseUrl = 'http://localhost:3000';

  @Env('CONSOLE_DIR', 'Directory of the built review console, served under /console')
  @IsString()
  consoleDir = 'dist/apps/console';
}
