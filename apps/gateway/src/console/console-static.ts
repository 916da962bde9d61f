import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { createLogger, routeAccessConfig } from '@docket/platform';
import fastifyStatic from '@fastify/static';
import { INestApplication } from '@nestjs/common';
import { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { GatewayConfig } from '../gateway.config';

const logger = createLogger('console');
export const CONSOLE_PATH = '/console';

/**
 * Serves the review console (apps/console, built by Vite) under /console: its files as they
 * are, and index.html for every other path below it, so the app's own routes survive a reload.
 * The pages are public (they hold no data; every API call they make carries a token), declared
 * like every public route so the request gate and the route-access test see them.
 */
export async function serveConsole(app: INestApplication, config: GatewayConfig): Promise<void> {
  const root = path.resolve(config.consoleDir);
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) {
    logger.warn(
      { root },
      'console not built (bash deploy/stack/build.sh builds it); /console is off',
    );
    return;
  }
  const fastify: FastifyInstance = app.getHttpAdapter().getInstance();
  fastify.addHook('onRoute', (route) => {
    if (route.url === CONSOLE_PATH || route.url.startsWith(`${CONSOLE_PATH}/`)) {
      route.config = { ...route.config, ...routeAccessConfig('public') };
    }
  });
  await fastify.register(fastifyStatic, {
    root,
    prefix: `${CONSOLE_PATH}/`,
    wildcard: false,
    index: false,
    // Hashed asset names never change content; index.html is re-read by every visit.
    setHeaders: (response, file) => {
      response.header(
        'Cache-Control',
        file.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
  // Read per visit (it is small): a rebuilt console is served without restarting the gateway.
  const page = async (_: FastifyRequest, reply: FastifyReply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(await readFile(indexFile));
  fastify.get(CONSOLE_PATH, (_, reply) => reply.redirect(`${CONSOLE_PATH}/`, 302));
  fastify.get(`${CONSOLE_PATH}/`, page);
  // A file built after the gateway started (a rebuilt console) is served too; `send` keeps
  // every path inside the root. Anything else is one of the app's own routes.
  fastify.get(`${CONSOLE_PATH}/*`, async (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    if (/\.[a-z0-9]+$/i.test(file) && existsSync(path.join(root, path.normalize(file)))) {
      return reply.sendFile(file);
    }
    return page(request, reply);
  });
}
