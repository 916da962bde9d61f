import { randomUUID } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

import { SessionEntity } from './identity.entities';

export interface NewSessionRow {
  organizationId: string;
  userId: string;
  tokenHash: string;
  expiresAt: Date;
  identityProviderId: string | null;
  idToken: string | null;
}

export interface RotatedSession {
  id: string;
  organization_id: string;
  user_id: string;
  expires_at: Date;
}

/** Browser sessions, found by the hash of their current refresh token. */
@Injectable()
export class SessionRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Sessions that ended a day ago serve no one. */
  async deleteLongEnded(): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM identity.sessions
        WHERE coalesce(revoked_at, expires_at) < now() - interval '1 day'`,
    );
  }

  async insert(session: NewSessionRow): Promise<void> {
    await this.dataSource.manager.insert(SessionEntity, {
      id: randomUUID(),
      ...session,
      createdAt: new Date(),
      revokedAt: null,
    });
  }

  /** Replaces a live session's token hash; the session, or undefined when none is live. */
  async rotate(tokenHash: string, nextHash: string): Promise<RotatedSession | undefined> {
    const [rows]: [RotatedSession[], number] = await this.dataSource.query(
      `UPDATE identity.sessions SET token_hash = $2
          WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()
        RETURNING id, organization_id, user_id, expires_at`,
      [tokenHash, nextHash],
    );
    return rows[0];
  }

  async revokeByToken(
    tokenHash: string,
  ): Promise<
    { user_id: string; identity_provider_id: string | null; id_token: string | null } | undefined
  > {
    const [rows]: [
      Array<{ user_id: string; identity_provider_id: string | null; id_token: string | null }>,
      number,
    ] = await this.dataSource.query(
      `UPDATE identity.sessions SET revoked_at = now()
        WHERE token_hash = $1 AND revoked_at IS NULL
      RETURNING user_id, identity_provider_id, id_token`,
      [tokenHash],
    );
    return rows[0];
  }

  /** Ends every live session of the user; returns how many ended. */
  async revokeAllOf(manager: EntityManager, userId: string): Promise<number> {
    const [, count]: [unknown[], number] = await manager.query(
      `UPDATE identity.sessions SET revoked_at = now()
        WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()`,
      [userId],
    );
    return count;
  }

  async isLive(organizationId: string, userId: string, sessionId: string): Promise<boolean> {
    const [row]: Array<{ live: boolean }> = await this.dataSource.query(
      `SELECT revoked_at IS NULL AND expires_at > now() AS live FROM identity.sessions
        WHERE id::text = $1 AND user_id = $2 AND organization_id = $3`,
      [sessionId, userId, organizationId],
    );
    return row?.live === true;
  }
}
