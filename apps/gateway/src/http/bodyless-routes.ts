import { DocketException, validationException } from '@docket/platform';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ValidationError } from 'class-validator';
import type { FastifyInstance } from 'fastify';

import { sendApiError } from './api-error.filter';

/** Nest's key for a handler's parameter decorators (`@nestjs/common/constants`). */
const ROUTE_ARGS_METADATA = '__routeArguments__';

/** Route config of a handler that reads no body (set by ApiRoute, read by the hook below). */
export interface BodylessRouteConfig {
  docketBodyless?: true;
}

/**
 * Whether a handler declares a `@Body()`. Parameter decorators are applied before method
 * decorators, so ApiRoute can ask this of the handler it decorates.
 */
export function declaresBody(target: object, handler: string | symbol): boolean {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, target.constructor, handler) ??
    {}) as Record<string, unknown>;
  return Object.keys(args).some((key) => key.split(':')[0] === String(RouteParamtypes.BODY));
}

/**
 * A route whose handler reads no body takes none: `{}` or nothing, and every property is an
 * unknown property, a 400 as on every route with a body class (whose validation pipe refuses
 * what the class does not declare). Without this a body nobody read was accepted whatever it
 * held (`POST /flow-executions/{id}/cancel` with `{"force":true}` canceled). Installed after
 * the request gate, so authentication and the rate limit still come first; before any
 * controller, so nothing is read or changed.
 */
export function installBodylessRule(fastify: FastifyInstance): void {
  fastify.addHook('preHandler', (request, reply, done) => {
    if (reply.sent) return done();
    if ((request.routeOptions.config as BodylessRouteConfig).docketBodyless !== true) return done();
    const problem = problemOf(request.body);
    if (problem === undefined) return done();
    sendApiError(reply, problem, request.traceId);
  });
}

function problemOf(body: unknown): DocketException | undefined {
  if (body === undefined) return undefined;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return DocketException.invalid('This operation takes no body, or {}');
  }
  const unknown = Object.keys(body);
  if (unknown.length === 0) return undefined;
  // Worded as the validation pipe words an unknown property of a body class.
  return validationException(
    unknown.map((property) =>
      Object.assign(new ValidationError(), {
        property,
        constraints: { whitelistValidation: `property ${property} should not exist` },
      }),
    ),
  );
}
