import { createHash, randomBytes } from 'node:crypto';

import { SessionRefreshed } from '@docket/contracts';
import { DocketException } from '@docket/platform';
import { Injectable } from '@nestjs/common';

import { UserEntity } from '../database/identity.entities';
import { SessionRepository } from '../database/session.repository';
import { UserRepository } from '../database/user.repository';
import { IdentityConfig } from '../identity.config';
import { TokenService } from '../tokens/token.service';

export interface NewSession {
  refreshToken: string;
  refreshExpiresIn: number;
}

/** Where a session was signed in, so signing out can end the provider's session as well. */
export interface SessionOrigin {
  identityProviderId: string;
  idToken: string;
}

/** A session just revoked: whose it was and where its person signed in. */
export interface EndedSession {
  userId: string;
  identityProviderId: string | null;
  idToken: string | null;
}

/**
 * Browser sessions behind the httpOnly refresh cookie. The token is opaque and high-entropy,
 * stored only as a SHA-256 hash, and replaced on every refresh, so a token read from a log or a
 * copied cookie works at most once.
 */
@Injectable()
export class SessionService {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly users: UserRepository,
    private readonly tokens: TokenService,
    private readonly config: IdentityConfig,
  ) {}

  async open(user: UserEntity, origin?: SessionOrigin): Promise<NewSession> {
    // Sign-ins are rare enough to tidy up here.
    await this.sessions.deleteLongEnded();
    const refreshToken = newRefreshToken();
    await this.sessions.insert({
      organizationId: user.organizationId,
      userId: user.id,
      tokenHash: hashOf(refreshToken),
      expiresAt: new Date(Date.now() + this.config.sessionTtlSeconds * 1000),
      identityProviderId: origin?.identityProviderId ?? null,
      idToken: origin?.idToken ?? null,
    });
    return { refreshToken, refreshExpiresIn: this.config.sessionTtlSeconds };
  }

  /** A new access token and the next refresh token; the presented one stops working. */
  async refresh(refreshToken: string): Promise<SessionRefreshed> {
    const next = newRefreshToken();
    const session = await this.sessions.rotate(hashOf(refreshToken), hashOf(next));
    if (!session) throw DocketException.unauthenticated('The session has expired; sign in again');
    const user = await this.users.find(session.organization_id, session.user_id);
    if (!user || user.deactivatedAt)
      throw DocketException.unauthenticated('The session has expired; sign in again');
    const access = await this.tokens.issue({
      organizationId: user.organizationId,
      userId: user.id,
      role: user.role,
      sessionId: session.id,
    });
    return {
      ...access,
      user: {
        id: user.id,
        email: user.email,
        name: user.name,
        role: user.role,
        organizationId: user.organizationId,
      },
      refreshToken: next,
      // The session's absolute end does not move: refreshing cannot keep a session alive forever.
      refreshExpiresIn: Math.max(
        0,
        Math.floor((new Date(session.expires_at).getTime() - Date.now()) / 1000),
      ),
    };
  }

  /** Ends the session; undefined when the token names no live session. */
  async revoke(refreshToken: string): Promise<EndedSession | undefined> {
    const row = await this.sessions.revokeByToken(hashOf(refreshToken));
    return row
      ? {
          userId: row.user_id,
          identityProviderId: row.identity_provider_id,
          idToken: row.id_token,
        }
      : undefined;
  }

  /** Whether a token's session still stands: not signed out, not past its end. */
  async stands(organizationId: string, userId: string, sessionId: string): Promise<boolean> {
    return this.sessions.isLive(organizationId, userId, sessionId);
  }
}

function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
