import { contextFromHeaders, inSpan, runWithTrace, SpanKind } from '@docket/platform';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { lastValueFrom, Observable } from 'rxjs';

/**
 * Runs the route handler inside the request's trace context and an HTTP server span, so every
 * service call it makes carries the trace id (and W3C traceparent) in its NATS headers.
 * Fastify's hook chain does not carry AsyncLocalStorage into Nest's handler, which runs when the
 * handler observable is subscribed: so the subscription happens here.
 */
@Injectable()
export class TraceInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const route = request.routeOptions.url ?? 'unmatched';
    const incoming = contextFromHeaders({
      get: (key) => {
        const value = request.headers[key];
        return Array.isArray(value) ? value[0] : value;
      },
      set: () => undefined,
    });
    return new Observable((subscriber) => {
      runWithTrace(request.traceId, () =>
        inSpan(
          `${request.method} ${route}`,
          SpanKind.SERVER,
          { 'http.request.method': request.method, 'http.route': route },
          () => lastValueFrom(next.handle(), { defaultValue: undefined }),
          incoming,
        ),
      ).then(
        (value) => {
          subscriber.next(value);
          subscriber.complete();
        },
        (error: unknown) => subscriber.error(error),
      );
    });
  }
}
