import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { createLogger, DocketException, routeAccessConfig } from '@docket/platform';
import fastifyStatic from '@fastify/static';
import { INestApplication } from '@nestjs/common';
import { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { GatewayConfig } from '../gateway.config';
import { sendApiError } from '../http/api-error.filter';

const logger = createLogger('console');
export const CONSOLE_PATH = '/console';
const FAVICON_PATH = '/favicon.ico';

/**
 * Serves the review console (apps/console, built by Vite) under /console: its files as they
 * are (brotli or gzip when the build compressed them and the browser accepts it), 404 for a
 * file that is not there, and index.html for every other path below it, so the app's own routes
 * survive a reload. The files are declared `asset` access: no token and no rate limit (they
 * hold no data; every API call they make carries a token and spends its session's budget).
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
    if (
      route.url === CONSOLE_PATH ||
      route.url.startsWith(`${CONSOLE_PATH}/`) ||
      route.url === FAVICON_PATH
    ) {
      route.config = { ...route.config, ...routeAccessConfig('asset') };
    }
  });
  await fastify.register(fastifyStatic, {
    root,
    prefix: `${CONSOLE_PATH}/`,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each large file (apps/console/vite.config.mts).
    preCompressed: true,
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
  // Browsers ask the site's root for its icon whatever the page declares.
  fastify.get(FAVICON_PATH, (_, reply) => reply.sendFile('favicon.ico'));
  fastify.get(`${CONSOLE_PATH}/`, page);
  // A file built after the gateway started (a rebuilt console) is served too; `send` keeps
  // every path inside the root. A missing file is a 404 (a stale or mistyped script must not
  // get index.html with 200); anything without an extension is one of the app's own routes.
  fastify.get(`${CONSOLE_PATH}/*`, async (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    if (!/\.[a-z0-9]+$/i.test(file)) return page(request, reply);
    if (existsSync(path.join(root, path.normalize(file)))) return reply.sendFile(file);
    return sendApiError(reply, DocketException.notFound('Console file'), request.traceId);
  });
}
