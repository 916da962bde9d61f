import 'reflect-metadata';

import {
  cacheValidationMetadataLookups,
  createLogger,
  NestPinoLogger,
  startTracing,
} from '@docket/platform';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';

import { serveConsole } from './console/console-static';
import { gatewayConfig, GatewayModule } from './gateway.module';
import { installBodyLimit } from './http/body-limit';
import { installBodylessRule } from './http/bodyless-routes';
import { answerClientError, answerRouterRefusal } from './http/framework-refusals';
import { installJsonBodyParser } from './http/json-body';
import { RequestGate } from './http/request-gate';
import { installRequestTrace } from './http/request-trace';
import { installUrlValueRule } from './http/url-values';
import { IdempotencyHooks } from './idempotency/idempotency.hooks';
import { serveOpenApi } from './openapi/openapi';

process.env.DOCKET_SERVICE ??= 'gateway';

async function main(): Promise<void> {
  startTracing('gateway');
  cacheValidationMetadataLookups();
  const trustedProxies = gatewayConfig.trustedProxies
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const adapter = new FastifyAdapter({
    // X-Forwarded-For names the client only when a configured proxy sent it; by default the
    // client is the connection's address, so a client cannot choose its own rate-limit key.
    trustProxy: trustedProxies.length > 0 ? trustedProxies : false,
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerRouterRefusal,
    clientErrorHandler: answerClientError,
  });
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule, adapter, {
    logger: new NestPinoLogger(),
    // Our own JSON parser (depth, NUL and null-body rules) replaces Nest's.
    bodyParser: false,
  });
  installJsonBodyParser(app.getHttpAdapter().getInstance());
  installBodyLimit(app.getHttpAdapter().getInstance());
  // The docs routes declare their access as they are created; the gate checks declarations.
  serveOpenApi(app, gatewayConfig);
  await serveConsole(app, gatewayConfig);
  app.get(RequestGate).install(app.getHttpAdapter().getInstance());
  installUrlValueRule(app.getHttpAdapter().getInstance());
  installBodylessRule(app.getHttpAdapter().getInstance());
  app.get(IdempotencyHooks).install(app.getHttpAdapter().getInstance());
  // Last: its preHandler hook runs the route handler inside the request's trace.
  installRequestTrace(app.getHttpAdapter().getInstance());
  app.enableShutdownHooks();
  await app.listen(gatewayConfig.httpPort, gatewayConfig.httpHost);
  createLogger('bootstrap').info(
    `gateway listening on http://${gatewayConfig.httpHost}:${gatewayConfig.httpPort}`,
  );
}

void main();
