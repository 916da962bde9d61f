import { INestApplication, Type } from '@nestjs/common';
import { ModulesContainer, NestFactory } from '@nestjs/core';
import { MicroserviceOptions } from '@nestjs/microservices';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';

import { BaseConfig } from '../config/base.config';
import { createLogger, NestPinoLogger } from '../logging/logger';
import { discoverRpcHandlers } from '../rpc/rpc-dispatch';
import { startTracing } from '../tracing/otel-tracing';
import { cacheValidationMetadataLookups } from '../validation/metadata-lookup-cache';
import { DrainingNatsServer } from './draining-nats.server';
import { ServiceExceptionFilter } from './service-exception.filter';

const SHUTDOWN_GRACE_MS = Number(process.env.SHUTDOWN_GRACE_MS ?? 3000);

/**
 * Starts a backend service: a NATS microservice (queue group = service name, so replicas share
 * the work) plus a small HTTP server for /healthz, /readyz and /metrics.
 */
export async function bootstrapService(
  name: string,
  module: Type<unknown>,
  config: BaseConfig,
): Promise<INestApplication> {
  const logger = createLogger('bootstrap');
  startTracing(name);
  cacheValidationMetadataLookups();
  // This HTTP server carries only probes and metrics: nothing on it is worth waiting for at
  // shutdown, and a prober's idle keep-alive connection must not hold the process open until
  // its keep-alive timeout (72 s) runs out. The NATS side drains what is in flight.
  const adapter = new FastifyAdapter({ forceCloseConnections: true });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
    logger: new NestPinoLogger(),
    bufferLogs: false,
  });
  app.useGlobalFilters(new ServiceExceptionFilter());
  app.connectMicroservice<MicroserviceOptions>(
    {
      // On SIGTERM: drain the subscriptions first (replicas take new requests, messages already
      // routed here are still answered), let in-flight handlers finish within the grace period,
      // then close.
      // Each @RpcHandler is called straight from its subscription (DrainingNatsServer).
      strategy: new DrainingNatsServer(
        {
          servers: config.natsUrl.split(','),
          queue: `${config.natsPrefix}.${name}`,
          name,
          gracePeriod: SHUTDOWN_GRACE_MS,
        },
        discoverRpcHandlers(app.get(ModulesContainer)),
      ),
    },
    { inheritAppConfig: true },
  );
  app.enableShutdownHooks();
  await app.startAllMicroservices();
  await app.listen(config.httpPort, config.httpHost);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.httpPort;
  logger.info({ port, service: name }, `${name} ready on http://${config.httpHost}:${port}`);
  return app;
}
