import {
  ERROR_CODES,
  ErrorCode,
  Operation,
  RouteAccess,
  routeAccessConfig,
} from '@docket/platform';
import { applyDecorators, Type } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import {
  ApiBearerAuth,
  ApiExtraModels,
  ApiHeader,
  ApiOperation,
  ApiResponse,
  getSchemaPath,
} from '@nestjs/swagger';

import { BodylessRouteConfig, declaresBody } from '../http/bodyless-routes';
import { IdempotentRouteConfig } from '../idempotency/idempotency.hooks';
import { ApiErrorSchema } from './api-error.schema';

export interface RouteDoc {
  summary: string;
  description?: string;
  /** Permission-matrix operation; required unless `access` says the route needs no token. */
  permission?: Operation;
  /** Who may call it (see RouteAccess); default `user`, which requires `permission`. */
  access?: Exclude<RouteAccess, 'user'>;
  idempotent?: boolean;
  status?: number;
  response?: Type<unknown>;
  /** For a list route: the record type of the list envelope's `data` (DESIGN.md §3). */
  page?: Type<unknown>;
  /** Error codes this route can answer with, beyond the ones every route has. */
  errors?: ErrorCode[];
}

const RESPONSE_HEADERS = {
  'X-Service-Trace-Id': {
    description: 'Trace id of this request; quote it to support',
    schema: { type: 'string' },
  },
  'X-RateLimit-Limit': {
    description: 'Requests allowed per rolling minute',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in the current window',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Reset': {
    description: 'Seconds until the window frees a request',
    schema: { type: 'integer' },
  },
};

/**
 * One decorator per route, its one declaration: who may call it (read by the request gate for
 * authentication and rate limiting, and by the permission guard), its idempotency, and its
 * OpenAPI description with every error and header it can produce, so the docs cannot drift.
 */
export function ApiRoute(doc: RouteDoc): MethodDecorator {
  const isPublic = doc.access !== undefined;
  const always: ErrorCode[] = isPublic
    ? ['VALIDATION_FAILED', 'RATE_LIMITED', 'INTERNAL']
    : ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'PERMISSION_DENIED', 'RATE_LIMITED', 'INTERNAL'];
  const codes = [...new Set([...always, ...(doc.errors ?? [])])];
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes)
    byStatus.set(ERROR_CODES[code].status, [
      ...(byStatus.get(ERROR_CODES[code].status) ?? []),
      code,
    ]);

  const decorators = [
    ApiOperation({
      summary: doc.summary,
      description: [
        doc.description,
        doc.permission ? `Permission: \`${doc.permission}\`.` : 'Public.',
      ]
        .filter(Boolean)
        .join('\n\n'),
    }),
    doc.page
      ? ApiResponse({
          status: doc.status ?? 200,
          schema: pageSchema(doc.page),
          headers: RESPONSE_HEADERS,
          description: 'Success: one page of the list',
        })
      : ApiResponse({
          status: doc.status ?? 200,
          type: doc.response,
          headers: RESPONSE_HEADERS,
          description: 'Success',
        }),
    ...(doc.page ? [ApiExtraModels(doc.page)] : []),
    ...[...byStatus].map(([status, list]) =>
      ApiResponse({
        status,
        type: ApiErrorSchema,
        headers:
          status === 429
            ? {
                ...RESPONSE_HEADERS,
                'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } },
              }
            : RESPONSE_HEADERS,
        description: list
          .map((code) => `\`${code}\`: ${ERROR_CODES[code].description}`)
          .join('<br>'),
      }),
    ),
  ];
  const idempotent: IdempotentRouteConfig = doc.idempotent ? { docketIdempotent: true } : {};
  const access = doc.access
    ? routeAccessConfig(doc.access)
    : routeAccessConfig('user', doc.permission);
  if (!doc.access) decorators.push(ApiBearerAuth());
  if (doc.idempotent) {
    decorators.push(
      ApiHeader({
        name: 'Idempotency-Key',
        required: false,
        description:
          'Same key and body within 24 h returns the first response; a different body is a 409.',
      }),
    );
  }
  const documented = applyDecorators(...decorators);
  return (target, handler, descriptor) => {
    // The route's Fastify config: who may call it, whether it takes an Idempotency-Key, and
    // whether its handler reads a body (each read by a hook that runs before any controller).
    const bodyless: BodylessRouteConfig = declaresBody(target, handler)
      ? {}
      : { docketBodyless: true };
    RouteConfig({ ...access, ...idempotent, ...bodyless })(target, handler, descriptor);
    documented(target, handler, descriptor);
  };
}

/** The list envelope every list route answers with, typed by its record. */
function pageSchema(record: Type<unknown>) {
  const count = (description: string) => ({ type: 'integer', description });
  return {
    type: 'object',
    required: ['success', 'message', 'data', 'page', 'limit', 'totalCount', 'totalPages'],
    properties: {
      success: { type: 'boolean' },
      message: { type: 'string' },
      data: { type: 'array', items: { $ref: getSchemaPath(record) } },
      page: count('This page, from 1'),
      limit: count('Records per page'),
      totalCount: count('Records across all pages'),
      totalPages: count('Pages in all'),
    },
  };
}
