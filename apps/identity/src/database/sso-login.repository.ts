import { Injectable } from '@nestjs/common';
import { DataSource, LessThan } from 'typeorm';

import { SsoLoginEntity } from './identity.entities';

/** Sign-ins in flight, found by the hash of their state and consumed once. */
@Injectable()
export class SsoLoginRepository {
  constructor(private readonly dataSource: DataSource) {}

  async deleteExpired(): Promise<void> {
    await this.dataSource.manager.delete(SsoLoginEntity, { expiresAt: LessThan(new Date()) });
  }

  async insert(login: SsoLoginEntity): Promise<void> {
    await this.dataSource.manager.insert(SsoLoginEntity, login);
  }

  /** Deletes and returns the unexpired sign-in of this state: a callback is answered once. */
  async consume(stateHash: string): Promise<SsoLoginEntity | undefined> {
    const [rows]: [
      Array<{
        identity_provider_id: string;
        code_verifier: string;
        nonce: string;
        return_to: string;
        email: string;
        expires_at: Date;
      }>,
      number,
    ] = await this.dataSource.query(
      `DELETE FROM identity.sso_logins WHERE state_hash = $1 AND expires_at > now()
       RETURNING identity_provider_id, code_verifier, nonce, return_to, email, expires_at`,
      [stateHash],
    );
    const row = rows[0];
    return row
      ? Object.assign(new SsoLoginEntity(), {
          stateHash,
          identityProviderId: row.identity_provider_id,
          codeVerifier: row.code_verifier,
          nonce: row.nonce,
          returnTo: row.return_to,
          email: row.email,
          expiresAt: row.expires_at,
        })
      : undefined;
  }
}
