import { MigrationInterface, QueryRunner } from 'typeorm';

export class IdentityInitial1763700000000 implements MigrationInterface {
  name = 'IdentityInitial1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE identity.organizations (
      id uuid PRIMARY KEY, name text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE TABLE identity.workspaces (
      id uuid PRIMARY KEY, organization_id uuid NOT NULL REFERENCES identity.organizations(id),
      name text NOT NULL, created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (organization_id, name))`);
    await q.query(`CREATE TABLE identity.projects (
      id uuid PRIMARY KEY, organization_id uuid NOT NULL REFERENCES identity.organizations(id),
      workspace_id uuid NOT NULL REFERENCES identity.workspaces(id),
      name text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(
      `CREATE INDEX projects_org_workspace ON identity.projects (organization_id, workspace_id)`,
    );
    await q.query(`CREATE TABLE identity.users (
      id uuid PRIMARY KEY, organization_id uuid NOT NULL REFERENCES identity.organizations(id),
      email text NOT NULL, name text NOT NULL,
      role text NOT NULL CHECK (role IN ('Admin', 'Partner', 'Reviewer')),
      created_at timestamptz NOT NULL DEFAULT now(), UNIQUE (organization_id, email))`);
    await q.query(`CREATE TABLE identity.project_grants (
      user_id uuid NOT NULL REFERENCES identity.users(id),
      project_id uuid NOT NULL REFERENCES identity.projects(id),
      organization_id uuid NOT NULL, PRIMARY KEY (user_id, project_id))`);
    await q.query(`CREATE TABLE identity.api_keys (
      id uuid PRIMARY KEY, organization_id uuid NOT NULL REFERENCES identity.organizations(id),
      user_id uuid NOT NULL REFERENCES identity.users(id), name text NOT NULL,
      prefix text NOT NULL, key_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(), revoked_at timestamptz, last_used_at timestamptz)`);
    await q.query(`CREATE TABLE identity.signing_keys (
      kid text PRIMARY KEY, algorithm text NOT NULL, private_key_sealed text NOT NULL,
      public_jwk jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), retired_at timestamptz)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'signing_keys',
      'api_keys',
      'project_grants',
      'users',
      'projects',
      'workspaces',
      'organizations',
    ]) {
      await q.query(`DROP TABLE identity.${table}`);
    }
  }
}
