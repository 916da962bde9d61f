import { ERROR_CODES, routeAccessConfig } from '@docket/platform';
import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { FastifyInstance } from 'fastify';

import { GatewayConfig } from '../gateway.config';

export function buildOpenApiDocument(app: INestApplication, config: GatewayConfig): OpenAPIObject {
  const codes = Object.entries(ERROR_CODES)
    .map(([code, { status, description }]) => `| \`${code}\` | ${status} | ${description} |`)
    .join('\n');
  const document = new DocumentBuilder()
    .setTitle('Docket API')
    .setVersion('1.0.0')
    .setDescription(
      [
        'Document automation for insurance operations: upload documents, run flows, review items.',
        '',
        '**Authentication**: exchange an API key at `POST /token/authenticate`, then send',
        '`Authorization: Bearer <ACCESS_TOKEN>` on every other request.',
        '',
        '**Rate limit**: 60 requests per rolling minute per user; every response carries',
        '`X-RateLimit-Limit`, `X-RateLimit-Remaining`, `X-RateLimit-Reset`; a 429 adds `Retry-After`.',
        '',
        '**Tracing**: every response carries `X-Service-Trace-Id`; quote it to support.',
        '',
        '**Errors** are `APIError` bodies `{code, message, traceId, details?}`:',
        '',
        '| code | HTTP | meaning |',
        '|---|---|---|',
        codes,
      ].join('\n'),
    )
    .addServer(config.publicBaseUrl)
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
    .addCookieAuth(
      'docket_refresh',
      {
        type: 'apiKey',
        in: 'cookie',
        name: 'docket_refresh',
        description: 'httpOnly sign-in cookie set by /auth/sso/callback; rotates on each refresh',
      },
      'refreshCookie',
    )
    .build();
  return documentBodylessOperations(SwaggerModule.createDocument(app, document));
}

/** What a write whose handler reads no body accepts: nothing, or `{}` (see bodyless-routes). */
const EMPTY_BODY = {
  required: false,
  description: 'No fields: send nothing or `{}`; any property is a 400',
  content: {
    'application/json': { schema: { type: 'object', additionalProperties: false, example: {} } },
  },
};

/** Every write operation documents its body, the empty ones too. */
function documentBodylessOperations(document: OpenAPIObject): OpenAPIObject {
  for (const operations of Object.values(document.paths)) {
    for (const method of ['post', 'put', 'patch', 'delete'] as const) {
      const operation = operations[method];
      if (operation && !operation.requestBody) operation.requestBody = EMPTY_BODY;
    }
  }
  return document;
}

const DOCS_PATH = '/docs';
const DOCUMENT_PATHS = new Set(['/openapi.json', '/openapi.yaml']);

/**
 * Serves the document and the docs UI. Swagger registers these routes itself (and its static
 * assets through a plugin), so their access is declared here, where they are created: all public.
 */
export function serveOpenApi(app: INestApplication, config: GatewayConfig): void {
  const fastify: FastifyInstance = app.getHttpAdapter().getInstance();
  fastify.addHook('onRoute', (route) => {
    const path = route.url.replace(/\/+$/, '');
    if (DOCUMENT_PATHS.has(path) || path === DOCS_PATH || path.startsWith(`${DOCS_PATH}/`)) {
      route.config = { ...route.config, ...routeAccessConfig('public') };
    }
  });
  SwaggerModule.setup(DOCS_PATH.slice(1), app, () => buildOpenApiDocument(app, config), {
    jsonDocumentUrl: 'openapi.json',
    yamlDocumentUrl: 'openapi.yaml',
  });
}
