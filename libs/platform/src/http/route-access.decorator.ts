import { RouteConfig } from '@nestjs/platform-fastify';

import type { Operation } from '../auth/permissions';

/**
 * Who may call a route, declared once on the route itself (Fastify route config, so hooks that
 * run before any controller can read it, unknown routes and raw Fastify routes included):
 * - `user`: an access token is required; rate limited per user (per sign-on session for a
 *   browser); `permission` names the permission-matrix operation.
 * - `public`: no token; rate limited per client address (a budget of its own).
 * - `token-exchange`: no token; rate limited per key prefix and client address; failed
 *   exchanges are counted per key prefix and per client address, and only failures are refused
 *   once either count is spent.
 * - `probe`: infrastructure probes; never authenticated, never rate limited (a probe must not
 *   get a 429).
 * - `internal`: a machine caller that the route authenticates itself (a shared secret); no
 *   user token, no per-user limit.
 * - `asset`: the console's own files (pages, scripts, icons): no token, never rate limited, so
 *   opening the console spends nobody's budget (they hold no data; every call they make does).
 */
export type RouteAccess = 'user' | 'public' | 'token-exchange' | 'probe' | 'internal' | 'asset';

export interface RouteAccessConfig {
  docketAccess: RouteAccess;
  permission?: Operation;
}

export function routeAccessConfig(access: RouteAccess, permission?: Operation): RouteAccessConfig {
  return permission ? { docketAccess: access, permission } : { docketAccess: access };
}

/** Declares a Nest route's access (method decorator: Fastify route config is per handler). */
export const RouteAccessOf = (access: RouteAccess, permission?: Operation): MethodDecorator =>
  RouteConfig(routeAccessConfig(access, permission));

/** The declaration of a route, or undefined when it has none (callers treat that as `user`). */
export function declaredAccessOf(config: unknown): RouteAccessConfig | undefined {
  const declared = (config as Partial<RouteAccessConfig> | undefined)?.docketAccess;
  return declared ? (config as RouteAccessConfig) : undefined;
}
