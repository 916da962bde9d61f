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
import { signInProblemPath, wantsPage } from '../console/browser-pages';
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
  asset: { authenticate: false, rateScope: 'none' },
};

/** One rolling-minute budget: the counter's key and its size. */
interface Budget {
  key: string;
  limit: number;
}

const logger = createLogger('request-gate');

/** What apiKeyPrefixOf answers for a string that is not shaped like a key. */
const MALFORMED_KEY_PREFIX = apiKeyPrefixOf('');

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
      void this.recordFailedExchange(request, reply).then((refusal) =>
        done(null, refusal ?? payload),
      );
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
      const budget = this.budgetOf(request, door.rateScope, principal);
      decision = await this.limiter.consume(budget.key, budget.limit);
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
      const retryAfter = Math.max(1, decision.resetSeconds);
      void reply.header('Retry-After', retryAfter);
      // A person's browser opening a sign-in step gets a console page that says when to retry.
      if (wantsPage(request) && request.url.startsWith('/auth/')) {
        void reply.redirect(signInProblemPath('busy', { retryAfter: String(retryAfter) }), 303);
        return reply;
      }
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

  /**
   * Whose budget a request spends: a browser's sign-on session its own (the console makes many
   * small calls), an API token its user's (the specification's 60 a minute), a key exchange its
   * key prefix's at that address, anything else without a token its address's.
   * request.ip is the connection address unless it is a trusted proxy (TRUSTED_PROXIES).
   */
  private budgetOf(
    request: FastifyRequest,
    scope: RateScope,
    principal: Principal | undefined,
  ): Budget {
    if (principal?.sessionId)
      return {
        key: `session:${principal.sessionId}`,
        limit: this.config.sessionRateLimitPerMinute,
      };
    if (principal)
      return { key: `user:${principal.userId}`, limit: this.config.rateLimitPerMinute };
    if (scope === 'token-exchange') {
      return {
        key: `exchange:${exchangedKeyPrefix(request)}:${request.ip}`,
        limit: this.config.rateLimitPerMinute,
      };
    }
    return { key: `ip:${request.ip}`, limit: this.config.publicRateLimitPerMinute };
  }

  private isFailedExchange(request: FastifyRequest, reply: FastifyReply): boolean {
    const access = declaredAccessOf(request.routeOptions.config)?.docketAccess;
    return access === 'token-exchange' && reply.statusCode === 401;
  }

  /**
   * Counts a failed exchange against its address and its key prefix. Once either has spent its
   * failures for the minute, this failure is answered 429 instead of 401: guessing stays
   * throttled, and a valid key (which does not fail) always exchanges, wherever others failed.
   * Resolves to the refusal's body, or undefined to send the 401 as it is.
   */
  private async recordFailedExchange(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<string | undefined> {
    const limit = this.config.tokenExchangeFailuresPerMinute;
    const prefix = exchangedKeyPrefix(request);
    const counters = [`exchange-failed:ip:${request.ip}`];
    // A malformed key names no key to protect: only its address counts it.
    if (prefix !== MALFORMED_KEY_PREFIX) counters.push(`exchange-failed:key:${prefix}`);
    let decisions: RateDecision[];
    try {
      decisions = await Promise.all(counters.map((key) => this.limiter.consume(key, limit)));
    } catch (error) {
      logger.error({ err: error }, 'could not record a failed token exchange');
      return undefined;
    }
    const spent = decisions.find((decision) => !decision.allowed);
    if (!spent) return undefined;
    rateLimitRejections.inc({ kind: 'token-exchange' });
    const retryAfter = Math.max(1, spent.resetSeconds);
    void reply
      .code(429)
      .type('application/json')
      .header('Retry-After', retryAfter)
      .header('X-RateLimit-Limit', spent.limit)
      .header('X-RateLimit-Remaining', 0)
      .header('X-RateLimit-Reset', spent.resetSeconds);
    return JSON.stringify({
      code: 'RATE_LIMITED',
      message: `Too many failed token exchanges (${limit} a minute from this address or for this key)`,
      traceId: request.traceId,
    });
  }
}

function exchangedKeyPrefix(request: FastifyRequest): string {
  const body = request.body as { apiKey?: unknown } | undefined;
  return apiKeyPrefixOf(typeof body?.apiKey === 'string' ? body.apiKey : '');
}
