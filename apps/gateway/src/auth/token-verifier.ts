import { DocketException, Role, ROLES } from '@docket/platform';
import { Injectable } from '@nestjs/common';
import { decodeProtectedHeader, errors as joseErrors, jwtVerify } from 'jose';

import { GatewayConfig } from '../gateway.config';
import { Principal } from '../http/request-context';
import { JwksCache } from './jwks.cache';

/** The one algorithm identity signs with; everything else (none, HS256, RS256) is refused. */
const VERIFIED_CACHE_SIZE = 10_000;

interface VerifiedToken {
  principal: Principal;
  expiresAt: number;
}

const ACCEPTED_ALGORITHMS = ['EdDSA'];

@Injectable()
export class TokenVerifier {
  private readonly verified = new Map<string, VerifiedToken>();

  constructor(
    private readonly jwks: JwksCache,
    private readonly config: GatewayConfig,
  ) {}

  async verify(authorization: string | undefined): Promise<Principal> {
    const token = bearerToken(authorization);
    const cached = this.verified.get(token);
    if (cached && cached.expiresAt > Date.now()) return cached.principal;
    if (cached) this.verified.delete(token);
    const verified = await this.verifySignature(token);
    this.remember(token, verified);
    return verified.principal;
  }

  /**
   * Integrators reuse one token for its 15 minutes, so a verified token is remembered (keyed by
   * the whole token string, until its exp) and the signature is checked once, not per request.
   */
  private remember(token: string, verified: VerifiedToken): void {
    if (this.verified.size >= VERIFIED_CACHE_SIZE) {
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
    this.verified.set(token, verified);
  }

  private async verifySignature(token: string): Promise<VerifiedToken> {
    let kid: string | undefined;
    try {
      kid = decodeProtectedHeader(token).kid;
    } catch {
      throw DocketException.unauthenticated('Malformed access token');
    }
    const key = await this.jwks.keyFor(kid);
    if (!key) throw DocketException.unauthenticated('Access token signed with an unknown key');
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ACCEPTED_ALGORITHMS,
        issuer: this.config.jwtIssuer,
        audience: this.config.jwtAudience,
        requiredClaims: ['exp', 'sub', 'iat'],
      });
      const role = payload.role;
      if (typeof payload.org !== 'string' || typeof payload.sub !== 'string' || !isRole(role)) {
        throw DocketException.unauthenticated('Access token lacks required claims');
      }
      const apiKeyId = typeof payload.akid === 'string' ? payload.akid : undefined;
      const sessionId = typeof payload.sid === 'string' ? payload.sid : undefined;
      return {
        principal: { organizationId: payload.org, userId: payload.sub, role, apiKeyId, sessionId },
        expiresAt: (payload.exp ?? 0) * 1000,
      };
    } catch (error) {
      if (error instanceof DocketException) throw error;
      if (error instanceof joseErrors.JWTExpired)
        throw DocketException.unauthenticated('Access token expired');
      if (error instanceof joseErrors.JWTClaimValidationFailed) {
        throw DocketException.unauthenticated(
          `Access token rejected: ${error.claim} claim invalid`,
        );
      }
      throw DocketException.unauthenticated('Access token rejected');
    }
  }
}

function bearerToken(authorization: string | undefined): string {
  const match = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  if (!match)
    throw DocketException.unauthenticated('Missing Authorization: Bearer <ACCESS_TOKEN> header');
  return match[1];
}

function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
