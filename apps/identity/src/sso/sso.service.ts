import { createHash } from 'node:crypto';

import { SessionRevoked, SsoRedirect, SsoSessionStarted, StartSsoRequest } from '@docket/contracts';
import { DocketException } from '@docket/platform';
import { Injectable, Logger } from '@nestjs/common';
import * as oidc from 'openid-client';

import { SsoLoginEntity, UserEntity } from '../database/identity.entities';
import { SsoLoginRepository } from '../database/sso-login.repository';
import { UserRepository } from '../database/user.repository';
import { AccessEvents } from '../directory/access-events';
import { IdentityConfig } from '../identity.config';
import {
  domainOf,
  IdentityProviderService,
  ProviderCredentials,
} from './identity-provider.service';
import { SessionService } from './session.service';

/**
 * The relying party of OpenID Connect sign-in (authorization code + PKCE), built on
 * openid-client: it discovers the provider, checks state, exchanges the code and verifies the ID
 * token's signature, issuer, audience, expiry and nonce. Sign-ins in flight live in PostgreSQL
 * for a few minutes and are consumed once.
 */
@Injectable()
export class SsoService {
  private readonly logger = new Logger(SsoService.name);

  constructor(
    private readonly logins: SsoLoginRepository,
    private readonly users: UserRepository,
    private readonly providers: IdentityProviderService,
    private readonly sessions: SessionService,
    private readonly access: AccessEvents,
    private readonly config: IdentityConfig,
  ) {}

  async start(request: StartSsoRequest): Promise<SsoRedirect> {
    const provider = await this.providers.forEmail(request.email);
    if (!provider)
      throw new DocketException('NOT_FOUND', 'Single sign-on for this e-mail domain not found', {
        reason: 'unknown-domain',
      });
    const client = await this.discover(provider);
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    await this.logins.deleteExpired();
    await this.logins.insert({
      stateHash: hashOf(state),
      identityProviderId: provider.id,
      codeVerifier,
      nonce,
      returnTo: request.returnTo,
      email: request.email.toLowerCase(),
      expiresAt: new Date(Date.now() + this.config.ssoLoginTtlSeconds * 1000),
    });
    const url = oidc.buildAuthorizationUrl(client, {
      redirect_uri: this.callbackUrl(),
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      login_hint: request.email,
      // After a refusal for the wrong person, the provider must ask again, not reuse its session.
      ...(request.reauthenticate ? { prompt: 'login' } : {}),
    });
    return { authorizationUrl: url.href };
  }

  async complete(query: string): Promise<SsoSessionStarted> {
    const params = new URLSearchParams(query);
    const state = params.get('state');
    if (!state) throw DocketException.invalid('The sign-in response has no state');
    const login = await this.consume(state);
    if (!login) throw signInRefused('expired', 'Unknown or expired sign-in; start again');
    if (params.has('error')) {
      throw signInRefused(
        'refused',
        `The identity provider refused the sign-in: ${params.get('error')}`,
      );
    }
    const provider = await this.providers.credentials(login.identityProviderId);
    if (!provider) throw signInRefused('refused', 'The identity provider was removed');
    const client = await this.discover(provider);
    const callback = new URL(this.callbackUrl());
    callback.search = params.toString();
    let claims: oidc.IDToken | undefined;
    let idToken: string | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(client, callback, {
        pkceCodeVerifier: login.codeVerifier,
        expectedState: state,
        expectedNonce: login.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
      idToken = tokens.id_token;
    } catch (error) {
      // The reason matters to an operator (wrong audience, bad signature), not to the browser.
      this.logger.warn(`ID token rejected for provider ${provider.id}: ${describe(error)}`);
      throw signInRefused('unverified', 'The identity provider response could not be verified');
    }
    const user = await this.userFor(provider, claims, login.email);
    const session = await this.sessions.open(
      user,
      idToken ? { identityProviderId: provider.id, idToken } : undefined,
    );
    return { ...session, returnTo: login.returnTo };
  }

  /**
   * Ends the session, tells every gateway its tokens stopped standing, and names the provider's
   * end-session URL (RP-initiated logout) so the browser signs out there too: the next person
   * at the desk is asked for their own password, not signed in as the last one.
   */
  async signOut(refreshToken: string): Promise<SessionRevoked> {
    const ended = await this.sessions.revoke(refreshToken);
    if (!ended) return { revoked: false };
    this.access.accessChanged(ended.userId);
    const provider = ended.identityProviderId
      ? await this.providers.credentials(ended.identityProviderId)
      : null;
    if (!provider || !ended.idToken) return { revoked: true };
    try {
      const client = await this.discover(provider);
      if (!client.serverMetadata().end_session_endpoint) return { revoked: true };
      const url = oidc.buildEndSessionUrl(client, {
        id_token_hint: ended.idToken,
        post_logout_redirect_uri: `${this.baseUrl()}/console/signed-out`,
      });
      return { revoked: true, logoutUrl: url.href };
    } catch (error) {
      // Docket's own session has ended either way; the provider's outlives it, as before.
      this.logger.warn(`No end-session URL for provider ${provider.id}: ${describe(error)}`);
      return { revoked: true };
    }
  }

  /** Users are provisioned by an Admin; a valid ID token for anyone else is refused. */
  private async userFor(
    provider: ProviderCredentials,
    claims: oidc.IDToken | undefined,
    typed: string,
  ): Promise<UserEntity> {
    const email = typeof claims?.email === 'string' ? claims.email.toLowerCase() : undefined;
    if (!email) throw signInRefused('unverified', 'The identity provider sent no e-mail');
    if (claims?.email_verified === false)
      throw signInRefused('unverified', 'The identity provider has not verified this e-mail');
    if (!provider.domains.includes(domainOf(email)))
      throw signInRefused('unverified', 'This provider does not serve that e-mail domain');
    // Someone else still signed in at the provider (a shared desk) must not become this person.
    // Sign-ins started before this check existed have no e-mail recorded.
    if (typed && email !== typed)
      throw signInRefused('wrong-person', 'The identity provider signed in someone else', {
        email: typed,
      });
    const user = await this.users.findByEmail(email, provider.organizationId);
    if (!user)
      throw new DocketException(
        'PERMISSION_DENIED',
        'No Docket user has this e-mail; ask your Admin',
        { reason: 'no-account' },
      );
    if (user.deactivatedAt)
      throw new DocketException(
        'PERMISSION_DENIED',
        'This Docket account is deactivated; ask your Admin',
        { reason: 'deactivated' },
      );
    return user;
  }

  private consume(state: string): Promise<SsoLoginEntity | undefined> {
    return this.logins.consume(hashOf(state));
  }

  private async discover(provider: ProviderCredentials): Promise<oidc.Configuration> {
    try {
      return await oidc.discovery(
        new URL(provider.issuer),
        provider.clientId,
        provider.clientSecret,
        undefined,
        {
          execute: [
            // TLS alone would vouch for the token endpoint; the signature check is asked for
            // explicitly, so a token is only believed when the provider's own key signed it.
            oidc.enableNonRepudiationChecks,
            // Plain HTTP is refused for production issuers at registration (checkIssuer).
            ...(provider.issuer.startsWith('http://') ? [oidc.allowInsecureRequests] : []),
          ],
        },
      );
    } catch (error) {
      this.logger.warn(`Discovery failed for provider ${provider.id}: ${describe(error)}`);
      throw new DocketException('SERVICE_UNAVAILABLE', 'The identity provider is unreachable');
    }
  }

  private callbackUrl(): string {
    return `${this.baseUrl()}/auth/sso/callback`;
  }

  private baseUrl(): string {
    return this.config.publicBaseUrl.replace(/\/$/, '');
  }
}

/**
 * A refused sign-in; `reason` lets the gateway show the browser a console page that says what
 * happened and what to do, instead of the API's JSON.
 */
function signInRefused(
  reason: 'expired' | 'refused' | 'unverified' | 'wrong-person',
  message: string,
  details: Record<string, unknown> = {},
): DocketException {
  return new DocketException('UNAUTHENTICATED', message, { reason, ...details });
}

function hashOf(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
