import { runWithTrace } from '@docket/platform';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Observable } from 'rxjs';

/**
 * Runs the route handler inside the request's trace context, so every service call it makes
 * carries the id in its NATS headers. (Fastify's hook chain does not carry AsyncLocalStorage
 * into Nest's handler, which runs when the handler observable is subscribed: so subscribe here.)
 */
@Injectable()
export class TraceInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const { traceId } = context.switchToHttp().getRequest<FastifyRequest>();
    return new Observable((subscriber) => runWithTrace(traceId, () => next.handle().subscribe(subscriber)));
  }
}
