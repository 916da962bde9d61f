import { createHash } from 'node:crypto';

import { DocketException } from '@docket/platform';
import { Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { GatewayConfig } from '../gateway.config';
import { sendApiError } from '../http/api-error.filter';
import { RateLimiter } from '../rate-limit/rate-limiter';

const TTL_SECONDS = 24 * 60 * 60;
/**
 * A claim lapses this long after it was taken if its answer is never stored: the gateway that
 * took it died mid-request (the fault suite kills gateways), and the client's retry under the
 * same key must run rather than be told "still in progress" for a day. Far above the longest
 * request (a service call times out after NATS_REQUEST_TIMEOUT_MS, 15 s by default).
 */
const PENDING_TTL_SECONDS = 120;
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

/** Set in a route's Fastify config by `ApiRoute({ idempotent: true })`. */
export interface IdempotentRouteConfig {
  docketIdempotent?: true;
}

interface StoredResponse {
  state: 'pending' | 'done';
  fingerprint: string;
  status?: number;
  body?: unknown;
}

/** A key this request claimed: its answer is stored on the way out, or the claim released. */
interface Claim {
  storeKey: string;
  fingerprint: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim?: Claim;
  }
}

/**
 * Idempotency-Key on creating POSTs: the first response is kept for 24 h in Redis (shared by
 * all replicas) and replayed for the same key and body; another body under the same key, or a
 * retry while the first is still running, is a 409.
 *
 * Fastify hooks rather than a Nest interceptor, so that no route pays for Nest's interceptor
 * chain (docs/benchmarks.md): the claim is taken after the request gate (the caller is known)
 * and before the handler; the answer is stored when it is sent, or the claim released when the
 * answer is an error. The permission check runs inside the handler, after the claim: a replay
 * gives a caller only what the same user was already answered under that key.
 */
@Injectable()
export class IdempotencyHooks {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly config: GatewayConfig,
  ) {}

  /** Install after the request gate and before the request trace (the last preHandler). */
  install(fastify: FastifyInstance): void {
    fastify.addHook('preHandler', (request, reply, done) => {
      const header = request.headers['idempotency-key'];
      if (header === undefined || !isIdempotentRoute(request) || reply.sent) return done();
      this.claimOrReplay(request, reply, header).then(
        (answered) => {
          if (!answered) done();
        },
        (error: unknown) => done(error as Error),
      );
    });
    fastify.addHook('onSend', (request, reply, payload, done) => {
      const claim = request.idempotencyClaim;
      if (!claim) return done(null, payload);
      request.idempotencyClaim = undefined;
      this.settle(claim, reply.statusCode, payload).then(
        () => done(null, payload),
        () => done(null, payload),
      );
    });
  }

  /** Claims the key for this request, or answers it (a replay or a refusal): true if answered. */
  private async claimOrReplay(
    request: FastifyRequest,
    reply: FastifyReply,
    header: string | string[],
  ): Promise<boolean> {
    if (typeof header !== 'string' || !KEY_SHAPE.test(header)) {
      const invalid = 'Idempotency-Key must be 1-255 printable ASCII characters';
      sendApiError(reply, DocketException.invalid(invalid), request.traceId);
      return true;
    }
    const redis = this.limiter.redis;
    const storeKey = `${this.config.natsPrefix}:idem:${request.principal?.userId ?? 'anonymous'}:${request.method}:${request.url.split('?')[0]}:${header}`;
    const fingerprint = createHash('sha256')
      .update(JSON.stringify(request.body ?? null))
      .digest('hex');
    const pending: StoredResponse = { state: 'pending', fingerprint };
    const claimed = await redis.set(
      storeKey,
      JSON.stringify(pending),
      'EX',
      PENDING_TTL_SECONDS,
      'NX',
    );
    if (claimed === 'OK') {
      request.idempotencyClaim = { storeKey, fingerprint };
      return false;
    }
    const stored = JSON.parse((await redis.get(storeKey)) ?? 'null') as StoredResponse | null;
    const conflict = conflictOf(stored, fingerprint);
    if (conflict) {
      sendApiError(reply, new DocketException('IDEMPOTENCY_CONFLICT', conflict), request.traceId);
      return true;
    }
    void reply
      .status(stored!.status ?? 200)
      .header('Idempotent-Replayed', 'true')
      .type('application/json')
      .send(stored!.body);
    return true;
  }

  /** A success is kept for replays; an error releases the key for a retry. */
  private async settle(claim: Claim, status: number, payload: unknown): Promise<void> {
    const redis = this.limiter.redis;
    const body = status < 400 ? jsonBody(payload) : undefined;
    if (body === undefined) {
      await redis.del(claim.storeKey);
      return;
    }
    const stored: StoredResponse = { state: 'done', fingerprint: claim.fingerprint, status, body };
    await redis.set(claim.storeKey, JSON.stringify(stored), 'EX', TTL_SECONDS);
  }
}

function isIdempotentRoute(request: FastifyRequest): boolean {
  return (request.routeOptions.config as IdempotentRouteConfig).docketIdempotent === true;
}

/** Why a stored entry refuses this request, or undefined when it is a replay of it. */
function conflictOf(stored: StoredResponse | null, fingerprint: string): string | undefined {
  if (!stored) return 'Idempotency-Key expired mid-request; retry';
  if (stored.fingerprint !== fingerprint) {
    return 'Idempotency-Key was already used with a different request body';
  }
  if (stored.state === 'pending') return 'A request with this Idempotency-Key is still in progress';
  return undefined;
}

/** The sent JSON body as a value, or undefined when the answer is not JSON text. */
function jsonBody(payload: unknown): unknown {
  if (typeof payload !== 'string') return undefined;
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return undefined;
  }
}
