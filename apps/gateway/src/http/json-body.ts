import { DocketException } from '@docket/platform';
import type { FastifyInstance } from 'fastify';

/**
 * Deeper than any request the API defines (flow drafts are the deepest, well under this); deep
 * enough that validation, which recurses, never meets a stack overflow.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * The one JSON body parser of the gateway: Fastify's own (prototype-poisoning safe) parse, then
 * one iterative walk that refuses what would otherwise reach recursive validation or PostgreSQL
 * and fail there as a 500: nesting deeper than MAX_JSON_DEPTH, and NUL characters in any string
 * or key (PostgreSQL text cannot hold them). The null-body rule lives here too: a body is a JSON
 * object (or an array, for the one route that takes a list), never null or a bare value.
 */
export function installJsonBodyParser(fastify: FastifyInstance): void {
  const parse = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request, body: string, done) => {
      parse(request, body, (error, value) => {
        if (error) return done(error, undefined);
        const problem = describeHostileBody(value);
        if (problem) return done(DocketException.invalid(problem), undefined);
        done(null, value);
      });
    },
  );
}

/** Why a parsed JSON body is refused, or undefined when it is acceptable. */
export function describeHostileBody(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') {
    return 'Request body must be a JSON object';
  }
  // Arrays pass to the route's validation (the storage-events route takes one; for the rest
  // the validation pipe refuses them), and so do null fields (RequestValidationPipe).
  return describeHostileJson(value);
}

/** Depth and NUL checks over any JSON value, without recursion (the input is the attacker's). */
export function describeHostileJson(root: unknown): string | undefined {
  const stack: Array<{ value: unknown; depth: number }> = [{ value: root, depth: 1 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return 'Strings must not contain NUL characters';
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_JSON_DEPTH) return `JSON nesting deeper than ${MAX_JSON_DEPTH} levels`;
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000')) return 'Keys must not contain NUL characters';
      stack.push({ value: child, depth: depth + 1 });
    }
  }
  return undefined;
}
