import { MigrationInterface, QueryRunner } from 'typeorm';

export class FlowsInitial1763900000000 implements MigrationInterface {
  name = 'FlowsInitial1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE flows.flows (
      id uuid PRIMARY KEY, organization_id uuid NOT NULL, workspace_id uuid NOT NULL,
      project_id uuid NOT NULL, name text NOT NULL, description text NOT NULL DEFAULT '',
      draft jsonb NOT NULL, draft_updated_at timestamptz NOT NULL DEFAULT now(),
      draft_updated_by uuid NOT NULL, active_version_id uuid, active_environment_id uuid,
      latest_version text,
      created_by uuid NOT NULL, created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE INDEX flows_org_project ON flows.flows (organization_id, project_id)`);
    // The file trigger looks up the live flows of a workspace for every READY file.
    await q.query(`CREATE INDEX flows_live_by_workspace ON flows.flows (organization_id, workspace_id)
      WHERE active_version_id IS NOT NULL`);

    await q.query(`CREATE TABLE flows.flow_versions (
      id uuid PRIMARY KEY, flow_id uuid NOT NULL REFERENCES flows.flows(id),
      organization_id uuid NOT NULL, version text NOT NULL,
      major int NOT NULL, minor int NOT NULL, patch int NOT NULL,
      graph jsonb NOT NULL, trigger_type text NOT NULL, trigger_config jsonb NOT NULL,
      notes text, published_by uuid NOT NULL, published_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (flow_id, version), UNIQUE (flow_id, major, minor, patch))`);
    await q.query(`ALTER TABLE flows.flows ADD CONSTRAINT flows_active_version_fk
      FOREIGN KEY (active_version_id) REFERENCES flows.flow_versions(id)`);

    await q.query(`CREATE TABLE flows.environments (
      id uuid PRIMARY KEY, organization_id uuid NOT NULL, name text NOT NULL,
      description text NOT NULL DEFAULT '', created_by uuid NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(), UNIQUE (organization_id, name))`);

    await q.query(`CREATE TABLE flows.variables (
      id uuid PRIMARY KEY, organization_id uuid NOT NULL,
      environment_id uuid NOT NULL REFERENCES flows.environments(id),
      name text NOT NULL, scope text NOT NULL CHECK (scope IN ('workspace', 'project', 'flow')),
      scope_id uuid NOT NULL, value_sealed text NOT NULL, data_key_wrapped text NOT NULL,
      created_by uuid NOT NULL, created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (organization_id, environment_id, scope, scope_id, name))`);

    await q.query(`CREATE TABLE flows.variable_reveals (
      id uuid PRIMARY KEY, organization_id uuid NOT NULL, variable_id uuid NOT NULL,
      variable_name text NOT NULL, revealed_by uuid NOT NULL, trace_id text,
      revealed_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(
      `CREATE INDEX variable_reveals_org ON flows.variable_reveals (organization_id, revealed_at)`,
    );

    await q.query(`CREATE TABLE flows.executions (
      id uuid PRIMARY KEY, organization_id uuid NOT NULL, workspace_id uuid NOT NULL,
      project_id uuid NOT NULL, flow_id uuid NOT NULL REFERENCES flows.flows(id),
      flow_name text NOT NULL, version_id uuid, flow_version text NOT NULL,
      test boolean NOT NULL DEFAULT false, environment_id uuid,
      trigger text NOT NULL CHECK (trigger IN ('api', 'file', 'schedule', 'rerun')),
      parent_execution_id uuid, trigger_key text,
      status text NOT NULL CHECK (status IN
        ('pending', 'running', 'in_review', 'completed', 'failed', 'canceled')),
      status_seq int NOT NULL DEFAULT 0, input jsonb NOT NULL, file_ids uuid[] NOT NULL,
      draft_graph jsonb,
      item_ids uuid[] NOT NULL DEFAULT '{}', error jsonb, started_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(), started_at timestamptz,
      completed_at timestamptz, updated_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE INDEX executions_project ON flows.executions
      (organization_id, project_id, test, created_at DESC)`);
    await q.query(`CREATE INDEX executions_workspace ON flows.executions
      (organization_id, workspace_id, test, created_at DESC)`);
    await q.query(`CREATE INDEX executions_flow ON flows.executions (flow_id, created_at DESC)`);
    // One run per trigger occurrence (a READY file, a schedule tick), however often it is seen.
    await q.query(`CREATE UNIQUE INDEX executions_trigger_key ON flows.executions (flow_id, trigger_key)
      WHERE trigger_key IS NOT NULL`);

    await q.query(`CREATE TABLE flows.execution_steps (
      execution_id uuid NOT NULL REFERENCES flows.executions(id), step_key text NOT NULL,
      sequence int NOT NULL, node_id text NOT NULL, node_type text NOT NULL, node_name text NOT NULL,
      status text NOT NULL CHECK (status IN ('running', 'waiting', 'completed', 'failed', 'skipped')),
      attempt int NOT NULL, rank int NOT NULL, started_at timestamptz NOT NULL,
      completed_at timestamptz, input jsonb, output jsonb, error jsonb,
      PRIMARY KEY (execution_id, step_key))`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'execution_steps',
      'executions',
      'variable_reveals',
      'variables',
      'environments',
    ]) {
      await q.query(`DROP TABLE flows.${table}`);
    }
    await q.query(`ALTER TABLE flows.flows DROP CONSTRAINT flows_active_version_fk`);
    await q.query(`DROP TABLE flows.flow_versions`);
    await q.query(`DROP TABLE flows.flows`);
  }
}
