import { DirectoryAccess } from '@docket/contracts';
import { HealthModule, loadConfig, ReadinessRegistry, RpcClientModule } from '@docket/platform';
import { Module, OnModuleInit } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';

import { AccessCache } from './auth/access.cache';
import { AccessEventsListener } from './auth/access-events.listener';
import { JwksCache } from './auth/jwks.cache';
import { PermissionGuard } from './auth/permission.guard';
import { TokenVerifier } from './auth/token-verifier';
import { GatewayConfig } from './gateway.config';
import { ApiErrorFilter } from './http/api-error.filter';
import { RequestGate } from './http/request-gate';
import { RequestValidationPipe } from './http/request-validation.pipe';
import { IdempotencyHooks } from './idempotency/idempotency.hooks';
import { RateLimiter } from './rate-limit/rate-limiter';
import { AuditRoutesModule } from './routes/audit/audit-routes.module';
import { FilesRoutesModule } from './routes/files/files-routes.module';
import { FlowsRoutesModule } from './routes/flows/flows-routes.module';
import { IdentityRoutesModule } from './routes/identity/identity-routes.module';
import { ItemsRoutesModule } from './routes/items/items-routes.module';

const gatewayConfig = loadConfig(GatewayConfig);

@Module({
  imports: [
    HealthModule,
    RpcClientModule.forConfig(gatewayConfig),
    IdentityRoutesModule,
    AuditRoutesModule,
    FilesRoutesModule,
    ItemsRoutesModule,
    FlowsRoutesModule,
  ],
  providers: [
    { provide: GatewayConfig, useValue: gatewayConfig },
    {
      provide: APP_PIPE,
      useClass: RequestValidationPipe,
    },
    { provide: APP_FILTER, useClass: ApiErrorFilter },
    { provide: APP_GUARD, useClass: PermissionGuard },
    // No Nest interceptor: Nest then calls a route handler directly. The request's trace and
    // idempotency are Fastify hooks (http/request-trace.ts, idempotency/idempotency.hooks.ts).
    AccessCache,
    AccessEventsListener,
    DirectoryAccess,
    IdempotencyHooks,
    JwksCache,
    RateLimiter,
    RequestGate,
    TokenVerifier,
  ],
})
export class GatewayModule implements OnModuleInit {
  constructor(
    private readonly readiness: ReadinessRegistry,
    private readonly limiter: RateLimiter,
    private readonly jwks: JwksCache,
    private readonly events: AccessEventsListener,
  ) {}

  onModuleInit(): void {
    this.readiness.register('redis', () => this.limiter.redis.ping());
    this.readiness.register('nats', async () => {
      if (!this.events.isConnected()) throw new Error('not connected');
    });
    this.readiness.register('signing-keys', async () => {
      if (this.jwks.size === 0) await this.jwks.refresh();
      if (this.jwks.size === 0) throw new Error('no signing keys loaded from identity');
    });
  }
}

export { gatewayConfig };
