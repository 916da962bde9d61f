import { DocketException, Role, ROLES } from '@docket/platform';
import { Injectable } from '@nestjs/common';
import { decodeProtectedHeader, errors as joseErrors, jwtVerify } from 'jose';

import { GatewayConfig } from '../gateway.config';
import { Principal } from '../http/request-context';
import { JwksCache } from './jwks.cache';

/** The one algorithm identity signs with; everything else (none, HS256, RS256) is refused. */
const ACCEPTED_ALGORITHMS = ['EdDSA'];

@Injectable()
export class TokenVerifier {
  constructor(
    private readonly jwks: JwksCache,
    private readonly config: GatewayConfig,
  ) {}

  async verify(authorization: string | undefined): Promise<Principal> {
    const token = bearerToken(authorization);
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
      return { organizationId: payload.org, userId: payload.sub, role };
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
