import { loadConfig } from '@docket/platform';
import { Global, Module } from '@nestjs/common';

import { GatewayConfig } from './gateway.config';
import { RateLimiter } from './rate-limit/rate-limiter';

export const gatewayConfig = loadConfig(GatewayConfig);

/**
 * What every part of the gateway shares: its configuration and the Redis connection of the
 * rate limiter. Global because interceptors declared on a route (idempotency) are built in that
 * route's module.
 */
@Global()
@Module({
  providers: [{ provide: GatewayConfig, useValue: gatewayConfig }, RateLimiter],
  exports: [GatewayConfig, RateLimiter],
})
export class GatewayCoreModule {}
