import {
  contextFromHeaders,
  OpenServerSpan,
  runInContext,
  runWithTrace,
  startServerSpan,
  tracingEnabled,
} from '@docket/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's OpenTelemetry server span, when tracing is on. */
    serverSpan?: OpenServerSpan;
  }
}

/**
 * Carries the request's trace into its handler: the trace id on every log line and service call,
 * and (when tracing is on) an HTTP server span that the service calls continue.
 *
 * As Fastify hooks rather than a Nest interceptor: an interceptor wraps every route handler in
 * rxjs and `AsyncResource.bind`, which cost about a third of the gateway's CPU per request
 * (docs/benchmarks.md); with no interceptor Nest calls a handler directly. Install it after every
 * other preHandler hook: Fastify calls the route handler synchronously from the last hook's
 * `done`, so the handler, Nest's guards included, runs inside the scope opened there. (The scope
 * of the onRequest hook does not last: a request body is read in the socket's own context.)
 */
export function installRequestTrace(fastify: FastifyInstance): void {
  if (!tracingEnabled()) {
    fastify.addHook('preHandler', (request, _reply, done) => runWithTrace(request.traceId, done));
    return;
  }
  // Opened on arrival, so a refused request (401, 429, 404) has its span too.
  fastify.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    request.serverSpan = startServerSpan(
      `${request.method} ${route}`,
      { 'http.request.method': request.method, 'http.route': route },
      contextFromHeaders(headerCarrier(request)),
    );
    done();
  });
  fastify.addHook('preHandler', (request, _reply, done) => {
    const span = request.serverSpan;
    const handle = () => runWithTrace(request.traceId, done);
    if (span) runInContext(span.context, handle);
    else handle();
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    request.serverSpan?.end(reply.statusCode);
    done();
  });
}

function headerCarrier(request: FastifyRequest) {
  return {
    get: (key: string) => {
      const value = request.headers[key];
      return Array.isArray(value) ? value[0] : value;
    },
    set: () => undefined,
  };
}
