import { createHash } from 'node:crypto';

import { DocketException } from '@docket/platform';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { catchError, from, Observable, of, switchMap, tap, throwError } from 'rxjs';

import { GatewayConfig } from '../gateway.config';
import { RateLimiter } from '../rate-limit/rate-limiter';

const TTL_SECONDS = 24 * 60 * 60;
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

interface StoredResponse {
  state: 'pending' | 'done';
  fingerprint: string;
  status?: number;
  body?: unknown;
}

/**
 * Idempotency-Key on creating POSTs: the first response is kept for 24 h in Redis (shared by
 * all replicas) and replayed for the same key and body; another body under the same key, or a
 * retry while the first is still running, is a 409.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly config: GatewayConfig,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const header = request.headers['idempotency-key'];
    if (header === undefined) return next.handle();
    if (typeof header !== 'string' || !KEY_SHAPE.test(header)) {
      throw DocketException.invalid('Idempotency-Key must be 1-255 printable ASCII characters');
    }
    const redis = this.limiter.redis;
    const storeKey = `${this.config.natsPrefix}:idem:${request.principal?.userId ?? 'anonymous'}:${request.method}:${request.url.split('?')[0]}:${header}`;
    const fingerprint = createHash('sha256')
      .update(JSON.stringify(request.body ?? null))
      .digest('hex');

    return from(
      redis.set(
        storeKey,
        JSON.stringify({ state: 'pending', fingerprint }),
        'EX',
        TTL_SECONDS,
        'NX',
      ),
    ).pipe(
      switchMap(async (claimed) => {
        if (claimed === 'OK') return undefined;
        const stored = JSON.parse((await redis.get(storeKey)) ?? 'null') as StoredResponse | null;
        if (!stored)
          throw new DocketException(
            'IDEMPOTENCY_CONFLICT',
            'Idempotency-Key expired mid-request; retry',
          );
        if (stored.fingerprint !== fingerprint) {
          throw new DocketException(
            'IDEMPOTENCY_CONFLICT',
            'Idempotency-Key was already used with a different request body',
          );
        }
        if (stored.state === 'pending') {
          throw new DocketException(
            'IDEMPOTENCY_CONFLICT',
            'A request with this Idempotency-Key is still in progress',
          );
        }
        return stored;
      }),
      switchMap((replayed) => {
        if (replayed) {
          void reply.status(replayed.status ?? 200).header('Idempotent-Replayed', 'true');
          return of(replayed.body);
        }
        return next.handle().pipe(
          tap((body) => {
            const stored: StoredResponse = {
              state: 'done',
              fingerprint,
              status: reply.statusCode,
              body,
            };
            void redis.set(storeKey, JSON.stringify(stored), 'EX', TTL_SECONDS);
          }),
          catchError((error: unknown) =>
            from(redis.del(storeKey)).pipe(switchMap(() => throwError(() => error))),
          ),
        );
      }),
    );
  }
}
