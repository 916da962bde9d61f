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

  @Env('RATE_LIMIT_PER_MINUTE', 'Requests per rolling minute per user (the specification sets 60)')
  @IsInt()
  @Min(1)
  rateLimitPerMinute = 60;

  @Env(
    'TOKEN_EXCHANGE_FAILURES_PER_MINUTE',
    'Failed token exchanges per rolling minute per client address, whatever the key prefix',
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
