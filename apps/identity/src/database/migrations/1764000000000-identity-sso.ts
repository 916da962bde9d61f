import { MigrationInterface, QueryRunner } from 'typeorm';

/** Single sign-on: organizations' identity providers, sign-ins in flight and browser sessions. */
export class IdentitySso1764000000000 implements MigrationInterface {
  name = 'IdentitySso1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE identity.identity_providers (
      id uuid PRIMARY KEY, organization_id uuid NOT NULL REFERENCES identity.organizations(id),
      name text NOT NULL, issuer text NOT NULL, client_id text NOT NULL,
      client_secret_sealed text NOT NULL, created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(
      `CREATE INDEX identity_providers_org ON identity.identity_providers (organization_id, created_at)`,
    );
    await q.query(`CREATE TABLE identity.identity_provider_domains (
      domain text PRIMARY KEY,
      identity_provider_id uuid NOT NULL REFERENCES identity.identity_providers(id) ON DELETE CASCADE)`);
    await q.query(`CREATE INDEX identity_provider_domains_provider
      ON identity.identity_provider_domains (identity_provider_id)`);
    await q.query(`CREATE TABLE identity.sso_logins (
      state_hash text PRIMARY KEY,
      identity_provider_id uuid NOT NULL REFERENCES identity.identity_providers(id) ON DELETE CASCADE,
      code_verifier text NOT NULL, nonce text NOT NULL, return_to text NOT NULL,
      expires_at timestamptz NOT NULL)`);
    await q.query(`CREATE TABLE identity.sessions (
      id uuid PRIMARY KEY, organization_id uuid NOT NULL REFERENCES identity.organizations(id),
      user_id uuid NOT NULL REFERENCES identity.users(id), token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(), expires_at timestamptz NOT NULL,
      revoked_at timestamptz)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'sessions',
      'sso_logins',
      'identity_provider_domains',
      'identity_providers',
    ])
      await q.query(`DROP TABLE identity.${table}`);
  }
}
