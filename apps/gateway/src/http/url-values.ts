import { DocketException } from '@docket/platform';
import type { FastifyInstance } from 'fastify';

import { sendApiError } from './api-error.filter';

/**
 * Query-string and path values with a NUL character are refused: PostgreSQL text cannot hold
 * one, so a search term like `a%00b` failed in the database as a 500. (Bodies get the same rule
 * from the JSON parser.) Installed after the request gate, so authentication and the rate limit
 * still come first.
 */
export function installUrlValueRule(fastify: FastifyInstance): void {
  // A callback hook, not an async one: no promise and no extra microtask on every request.
  fastify.addHook('preHandler', (request, reply, done) => {
    if (reply.sent) return done();
    const offending =
      firstWithNul(request.query as Record<string, unknown> | undefined) ??
      firstWithNul(request.params as Record<string, unknown> | undefined);
    if (offending === undefined) return done();
    sendApiError(
      reply,
      DocketException.invalid(`${offending} must not contain NUL characters`),
      request.traceId,
    );
  });
}

function firstWithNul(values: Record<string, unknown> | undefined): string | undefined {
  for (const [name, value] of Object.entries(values ?? {})) {
    const all = Array.isArray(value) ? value : [value];
    if (name.includes('\u0000') || all.some((v) => typeof v === 'string' && v.includes('\u0000'))) {
      return name.split('\u0000').join('\\0');
    }
  }
  return undefined;
}
