import { BaseConfig, Env, loadConfig } from '@docket/platform';
import { IsIn } from 'class-validator';
import type { FastifyReply, FastifyRequest } from 'fastify';

export class SessionCookieConfig extends BaseConfig {
  @Env(
    'SESSION_COOKIE_SECURE',
    'Secure attribute of the sign-in refresh cookie: auto (only in production), true or false',
  )
  @IsIn(['auto', 'true', 'false'])
  secure = 'auto';
}

/** The refresh cookie's name, fixed by the console contract. */
export const SESSION_COOKIE = 'docket_refresh';

/**
 * The refresh cookie: httpOnly so page scripts never see the long-lived secret, SameSite=Lax so
 * the IdP's redirect back still carries it while cross-site POSTs do not, Path=/auth so it is
 * sent only to the sign-in routes, Secure in production (or when configured).
 */
export class SessionCookie {
  constructor(private readonly config: SessionCookieConfig) {}

  /** The Nest provider: settings from the process environment. */
  static readonly provider = {
    provide: SessionCookie,
    useFactory: (): SessionCookie => new SessionCookie(loadConfig(SessionCookieConfig)),
  };

  set(reply: FastifyReply, token: string, maxAgeSeconds: number): void {
    reply.header('set-cookie', this.serialize(token, maxAgeSeconds));
  }

  clear(reply: FastifyReply): void {
    reply.header('set-cookie', this.serialize('', 0));
  }

  /** The refresh token the browser sent, or undefined. */
  read(request: FastifyRequest): string | undefined {
    const header = request.headers.cookie;
    if (!header) return undefined;
    for (const pair of header.split(';')) {
      const separator = pair.indexOf('=');
      if (separator < 0 || pair.slice(0, separator).trim() !== SESSION_COOKIE) continue;
      const value = pair.slice(separator + 1).trim();
      // Our tokens are base64url; anything else was not written by us.
      return /^[A-Za-z0-9_-]{1,200}$/.test(value) ? value : undefined;
    }
    return undefined;
  }

  private serialize(value: string, maxAgeSeconds: number): string {
    const secure =
      this.config.secure === 'true' ||
      (this.config.secure === 'auto' && this.config.environment === 'production');
    return [
      `${SESSION_COOKIE}=${value}`,
      'Path=/auth',
      `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(secure ? ['Secure'] : []),
    ].join('; ');
  }
}
