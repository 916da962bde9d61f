import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sign-out that reaches the identity provider and sign-in as the person who typed the e-mail:
 * a sign-in in flight remembers the e-mail typed (the ID token's must match it), and a session
 * remembers its provider and ID token (the `id_token_hint` of RP-initiated logout).
 */
export class IdentitySessionLogout1764900000000 implements MigrationInterface {
  name = 'IdentitySessionLogout1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE identity.sso_logins ADD COLUMN email text NOT NULL DEFAULT ''`);
    await q.query(`ALTER TABLE identity.sessions
      ADD COLUMN identity_provider_id uuid
        REFERENCES identity.identity_providers(id) ON DELETE SET NULL,
      ADD COLUMN id_token text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE identity.sessions DROP COLUMN identity_provider_id, DROP COLUMN id_token`,
    );
    await q.query(`ALTER TABLE identity.sso_logins DROP COLUMN email`);
  }
}
