import { createHash, randomBytes, randomUUID } from 'node:crypto';

import { SessionRefreshed } from '@docket/contracts';
import { DocketException } from '@docket/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { SessionEntity, UserEntity } from '../database/identity.entities';
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
    private readonly dataSource: DataSource,
    private readonly tokens: TokenService,
    private readonly config: IdentityConfig,
  ) {}

  async open(user: UserEntity, origin?: SessionOrigin): Promise<NewSession> {
    // Sessions that ended a day ago serve no one; sign-ins are rare enough to tidy up here.
    await this.dataSource.query(
      `DELETE FROM identity.sessions
        WHERE coalesce(revoked_at, expires_at) < now() - interval '1 day'`,
    );
    const refreshToken = newRefreshToken();
    await this.dataSource.manager.insert(SessionEntity, {
      id: randomUUID(),
      organizationId: user.organizationId,
      userId: user.id,
      tokenHash: hashOf(refreshToken),
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + this.config.sessionTtlSeconds * 1000),
      revokedAt: null,
      identityProviderId: origin?.identityProviderId ?? null,
      idToken: origin?.idToken ?? null,
    });
    return { refreshToken, refreshExpiresIn: this.config.sessionTtlSeconds };
  }

  /** A new access token and the next refresh token; the presented one stops working. */
  async refresh(refreshToken: string): Promise<SessionRefreshed> {
    const next = newRefreshToken();
    const [rows]: [Array<{ id: string; user_id: string; expires_at: Date }>, number] =
      await this.dataSource.query(
        `UPDATE identity.sessions SET token_hash = $2
          WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()
        RETURNING id, user_id, expires_at`,
        [hashOf(refreshToken), hashOf(next)],
      );
    const session = rows[0];
    if (!session) throw DocketException.unauthenticated('The session has expired; sign in again');
    const user = await this.dataSource.manager.findOne(UserEntity, {
      where: { id: session.user_id },
    });
    if (!user) throw DocketException.unauthenticated('The session has expired; sign in again');
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
    const [rows]: [
      Array<{ user_id: string; identity_provider_id: string | null; id_token: string | null }>,
      number,
    ] = await this.dataSource.query(
      `UPDATE identity.sessions SET revoked_at = now()
        WHERE token_hash = $1 AND revoked_at IS NULL
      RETURNING user_id, identity_provider_id, id_token`,
      [hashOf(refreshToken)],
    );
    const row = rows[0];
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
    const [row]: Array<{ live: boolean }> = await this.dataSource.query(
      `SELECT revoked_at IS NULL AND expires_at > now() AS live FROM identity.sessions
        WHERE id::text = $1 AND user_id = $2 AND organization_id = $3`,
      [sessionId, userId, organizationId],
    );
    return row?.live === true;
  }
}

function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
