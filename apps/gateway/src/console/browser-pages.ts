import type { FastifyRequest } from 'fastify';

/**
 * Why a sign-in could not go on, as the console's sign-in problem page explains it:
 * - `unknown-domain`: no organization signs in with that e-mail domain;
 * - `expired`: the sign-in took too long, or its link was used already (a replay);
 * - `refused`: the identity provider refused, or was removed;
 * - `unverified`: the provider's answer could not be verified;
 * - `wrong-person`: the provider signed in someone other than the e-mail typed;
 * - `no-account`: the provider knows the person, Docket does not (an Admin adds them);
 * - `deactivated`: the person's Docket account was deactivated by an Admin;
 * - `busy`: too many requests from this address; `retryAfter` says when to try again;
 * - `unavailable`: the provider could not be reached;
 * - `failed`: anything else.
 */
export const SIGN_IN_PROBLEMS = [
  'unknown-domain',
  'expired',
  'refused',
  'unverified',
  'wrong-person',
  'no-account',
  'deactivated',
  'busy',
  'unavailable',
  'failed',
] as const;
export type SignInProblem = (typeof SIGN_IN_PROBLEMS)[number];

/** Where the console explains a refused sign-in (a console route; its files are never limited). */
export function signInProblemPath(
  reason: SignInProblem,
  context: Record<string, string | undefined> = {},
): string {
  const query = new URLSearchParams({ reason });
  for (const [name, value] of Object.entries(context)) if (value) query.set(name, value);
  return `/console/sign-in-problem?${query}`;
}

/**
 * Whether the request is a browser opening a page (a person following a link or a redirect),
 * who should see a console page rather than the API's JSON. API clients and tests that ask for
 * JSON (or anything but HTML) keep getting JSON.
 */
export function wantsPage(request: FastifyRequest): boolean {
  return request.method === 'GET' && /\btext\/html\b/i.test(request.headers.accept ?? '');
}

export function isSignInProblem(value: unknown): value is SignInProblem {
  return typeof value === 'string' && (SIGN_IN_PROBLEMS as readonly string[]).includes(value);
}
