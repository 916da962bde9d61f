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
  fastify.addHook('preHandler', async (request, reply) => {
    if (reply.sent) return;
    const offending =
      firstWithNul(request.query as Record<string, unknown> | undefined) ??
      firstWithNul(request.params as Record<string, unknown> | undefined);
    if (offending === undefined) return;
    sendApiError(
      reply,
      DocketException.invalid(`${offending} must not contain NUL characters`),
      request.traceId,
    );
    return reply;
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
