import 'reflect-metadata';

import { createLogger, NestPinoLogger, startTracing } from '@docket/platform';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';

import { gatewayConfig, GatewayModule } from './gateway.module';
import { RequestGate } from './http/request-gate';
import { serveOpenApi } from './openapi/openapi';

process.env.DOCKET_SERVICE ??= 'gateway';

async function main(): Promise<void> {
  startTracing('gateway');
  const adapter = new FastifyAdapter({ trustProxy: true, bodyLimit: 1024 * 1024 });
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule, adapter, {
    logger: new NestPinoLogger(),
  });
  // The docs routes declare their access as they are created; the gate checks declarations.
  serveOpenApi(app, gatewayConfig);
  app.get(RequestGate).install(app.getHttpAdapter().getInstance());
  app.enableShutdownHooks();
  await app.listen(gatewayConfig.httpPort, gatewayConfig.httpHost);
  createLogger('bootstrap').info(
    `gateway listening on http://${gatewayConfig.httpHost}:${gatewayConfig.httpPort}`,
  );
}

void main();
