import {
  apiKeyPrefixOf,
  createLogger,
  declaredAccessOf,
  DocketException,
  httpDuration,
  httpRequests,
  rateLimitRejections,
  redactUrl,
  RouteAccess,
  runWithTrace,
  TRACE_HEADER,
  traceIdFrom,
} from '@docket/platform';
import { Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { TokenVerifier } from '../auth/token-verifier';
import { GatewayConfig } from '../gateway.config';
import { RateDecision, RateLimiter } from '../rate-limit/rate-limiter';
import { sendApiError } from './api-error.filter';
import { Principal } from './request-context';

type RateScope = 'user' | 'address' | 'token-exchange' | 'none';

/** What each declared access means at the front door (the declaration is on the route). */
const FRONT_DOOR: Record<RouteAccess, { authenticate: boolean; rateScope: RateScope }> = {
  user: { authenticate: true, rateScope: 'user' },
  public: { authenticate: false, rateScope: 'address' },
  'token-exchange': { authenticate: false, rateScope: 'token-exchange' },
  probe: { authenticate: false, rateScope: 'none' },
  internal: { authenticate: false, rateScope: 'none' },
};

const logger = createLogger('request-gate');

/**
 * The front door, as Fastify hooks so that it covers every response, unknown routes included:
 * trace id first, then authentication, then the rate limit, all before any controller runs.
 */
@Injectable()
export class RequestGate {
  constructor(
    private readonly tokens: TokenVerifier,
    private readonly limiter: RateLimiter,
    private readonly config: GatewayConfig,
  ) {}

  install(fastify: FastifyInstance): void {
    // Fail closed: a route registered without a declaration needs a token; say so at startup.
    fastify.addHook('onRoute', (route) => {
      if (!declaredAccessOf(route.config) && route.method !== 'HEAD') {
        logger.warn({ url: route.url }, 'route declares no access: it requires a user token');
      }
    });
    fastify.addHook('onRequest', (request, reply, done) => {
      const traceId = traceIdFrom({
        traceparent: request.headers.traceparent,
        traceId: request.headers[TRACE_HEADER],
      });
      request.traceId = traceId;
      void reply.header('X-Service-Trace-Id', traceId);
      runWithTrace(traceId, done);
    });
    fastify.addHook('preHandler', (request, reply) => this.admit(request, reply));
    // Counted before the answer leaves, so a client's next attempt already sees the failure.
    // A callback hook: every other answer passes without a promise or a microtask.
    fastify.addHook('onSend', (request, reply, payload, done) => {
      if (!this.isFailedExchange(request, reply)) return done(null, payload);
      void this.recordFailedExchange(request).then(() => done(null, payload));
    });
    fastify.addHook('onResponse', (request, reply, done) => {
      const labels = {
        route: request.routeOptions.url ?? 'unmatched',
        method: request.method,
        status: String(reply.statusCode),
      };
      httpRequests.inc(labels);
      httpDuration.observe(labels, reply.elapsedTime / 1000);
      logger.info(
        {
          method: request.method,
          url: redactUrl(request.url),
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        'request',
      );
      done();
    });
  }

  private async admit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const route = request.routeOptions.url;
    const isKnown = route !== undefined;
    const access = declaredAccessOf(request.routeOptions.config)?.docketAccess ?? 'user';
    const door = FRONT_DOOR[access];
    if (isKnown && door.rateScope === 'none') return;

    let principal: Principal | undefined;
    let authFailure: DocketException | undefined;
    // Unknown routes (404) still name the caller when a token is sent, for its rate limit.
    if (isKnown ? door.authenticate : request.headers.authorization) {
      try {
        principal = await this.tokens.verify(request.headers.authorization);
      } catch (error) {
        authFailure = error instanceof DocketException ? error : DocketException.unauthenticated();
      }
    }

    let decision: RateDecision;
    try {
      decision = await this.limiter.consume(this.rateKey(request, door.rateScope, principal));
      // An address that keeps failing exchanges is refused whatever key prefixes it tries; a
      // key's owner elsewhere is unaffected (the count is per address, not per key).
      if (decision.allowed && door.rateScope === 'token-exchange') {
        const failures = await this.limiter.peek(
          failedExchangeKey(request),
          this.config.tokenExchangeFailuresPerMinute,
        );
        if (!failures.allowed) decision = failures;
      }
    } catch (error) {
      logger.error({ err: error }, 'rate limiter unavailable');
      sendApiError(
        reply,
        new DocketException('SERVICE_UNAVAILABLE', 'Rate limiter unavailable'),
        request.traceId,
      );
      return reply;
    }
    void reply.header('X-RateLimit-Limit', decision.limit);
    void reply.header('X-RateLimit-Remaining', decision.remaining);
    void reply.header('X-RateLimit-Reset', decision.resetSeconds);
    if (!decision.allowed) {
      rateLimitRejections.inc({
        kind: door.rateScope === 'token-exchange' ? 'token-exchange' : 'user',
      });
      void reply.header('Retry-After', Math.max(1, decision.resetSeconds));
      sendApiError(
        reply,
        new DocketException(
          'RATE_LIMITED',
          `Rate limit of ${decision.limit} requests per minute exceeded`,
        ),
        request.traceId,
      );
      return reply;
    }
    if (isKnown && door.authenticate && authFailure) {
      sendApiError(reply, authFailure, request.traceId);
      return reply;
    }
    request.principal = principal;
  }

  private rateKey(
    request: FastifyRequest,
    scope: RateScope,
    principal: Principal | undefined,
  ): string {
    if (principal) return `user:${principal.userId}`;
    if (scope === 'token-exchange') {
      const body = request.body as { apiKey?: unknown } | undefined;
      const apiKey = typeof body?.apiKey === 'string' ? body.apiKey : '';
      return `exchange:${apiKeyPrefixOf(apiKey)}:${request.ip}`;
    }
    return `ip:${request.ip}`;
  }

  private isFailedExchange(request: FastifyRequest, reply: FastifyReply): boolean {
    const access = declaredAccessOf(request.routeOptions.config)?.docketAccess;
    return access === 'token-exchange' && reply.statusCode === 401;
  }

  private async recordFailedExchange(request: FastifyRequest): Promise<void> {
    try {
      await this.limiter.consume(
        failedExchangeKey(request),
        this.config.tokenExchangeFailuresPerMinute,
      );
    } catch (error) {
      logger.error({ err: error }, 'could not record a failed token exchange');
    }
  }
}

/** request.ip is the connection address unless it is a trusted proxy (TRUSTED_PROXIES). */
function failedExchangeKey(request: FastifyRequest): string {
  return `exchange-failed:${request.ip}`;
}
