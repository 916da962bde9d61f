import { loadConfig } from '@docket/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { SessionCookie, SessionCookieConfig } from './session-cookie';

function cookieFor(env: Record<string, string>): SessionCookie {
  return new SessionCookie(loadConfig(SessionCookieConfig, env));
}

function setCookieOf(cookie: SessionCookie, token: string, maxAge: number): string {
  const headers: Record<string, string> = {};
  const reply = {
    header: (name: string, value: string) => (headers[name] = value),
  } as unknown as FastifyReply;
  cookie.set(reply, token, maxAge);
  return headers['set-cookie'];
}

describe('SessionCookie', () => {
  it('is httpOnly, SameSite=Lax, scoped to /auth, and not Secure outside production', () => {
    expect(setCookieOf(cookieFor({ DOCKET_ENV: 'development' }), 'abc', 60)).toBe(
      'docket_refresh=abc; Path=/auth; Max-Age=60; HttpOnly; SameSite=Lax',
    );
  });

  it('is Secure in production, and wherever SESSION_COOKIE_SECURE=true', () => {
    expect(setCookieOf(cookieFor({ DOCKET_ENV: 'production' }), 'abc', 60)).toMatch(/; Secure$/);
    expect(
      setCookieOf(cookieFor({ DOCKET_ENV: 'development', SESSION_COOKIE_SECURE: 'true' }), 'a', 1),
    ).toMatch(/; Secure$/);
    expect(
      setCookieOf(cookieFor({ DOCKET_ENV: 'production', SESSION_COOKIE_SECURE: 'false' }), 'a', 1),
    ).not.toMatch(/Secure/);
  });

  it('refuses a setting other than auto, true or false', () => {
    expect(() => cookieFor({ SESSION_COOKIE_SECURE: 'sometimes' })).toThrow(
      /SESSION_COOKIE_SECURE/,
    );
  });

  it('reads only its own cookie, and only values it could have written', () => {
    const cookie = cookieFor({});
    const read = (header?: string) =>
      cookie.read({ headers: header ? { cookie: header } : {} } as FastifyRequest);
    expect(read('a=1; docket_refresh=Zm9v_-9; b=2')).toBe('Zm9v_-9');
    expect(read('xdocket_refresh=nope')).toBeUndefined();
    expect(read('docket_refresh=bad value;')).toBeUndefined();
    expect(read(`docket_refresh=${'a'.repeat(201)}`)).toBeUndefined();
    expect(read()).toBeUndefined();
  });
});
