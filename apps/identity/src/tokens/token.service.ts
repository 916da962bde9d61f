import { randomUUID } from 'node:crypto';

import { AccessTokenResponse } from '@docket/contracts';
import { DocketException } from '@docket/platform';
import { Injectable } from '@nestjs/common';
import { SignJWT } from 'jose';

import { ApiKeyOwner, ApiKeyService } from '../api-keys/api-key.service';
import { IdentityConfig } from '../identity.config';
import { SIGNING_ALGORITHM, SigningKeyService } from './signing-key.service';

/** Exchanges an API key for a short-lived JWT carrying organization, user and role. */
@Injectable()
export class TokenService {
  constructor(
    private readonly apiKeys: ApiKeyService,
    private readonly signingKeys: SigningKeyService,
    private readonly config: IdentityConfig,
  ) {}

  async exchange(apiKey: string): Promise<AccessTokenResponse> {
    const owner = await this.apiKeys.authenticate(apiKey);
    if (!owner) throw DocketException.unauthenticated('Invalid API key');
    return this.issue(owner);
  }

  /** The one access token, whether the caller proved itself with an API key or single sign-on. */
  async issue(owner: ApiKeyOwner): Promise<AccessTokenResponse> {
    const { kid, privateKey } = await this.signingKeys.activeKey();
    // `akid` names the API key, so revoking the key ends the tokens it bought (the gateway asks
    // identity whether the key still stands, and forgets the answer when a key is revoked).
    // `sid` names the sign-on session the same way: signing out ends its tokens in every tab,
    // and the gateway gives each browser session a rate budget of its own.
    const claims = {
      org: owner.organizationId,
      role: owner.role,
      ...(owner.apiKeyId ? { akid: owner.apiKeyId } : {}),
      ...(owner.sessionId ? { sid: owner.sessionId } : {}),
    };
    const accessToken = await new SignJWT(claims)
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid, typ: 'JWT' })
      .setSubject(owner.userId)
      .setIssuer(this.config.jwtIssuer)
      .setAudience(this.config.jwtAudience)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(`${this.config.accessTokenTtlSeconds}s`)
      .sign(privateKey);
    return { accessToken, tokenType: 'Bearer', expiresIn: this.config.accessTokenTtlSeconds };
  }
}
