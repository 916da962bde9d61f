import { AuditTrail } from '@docket/persistence';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The flows service's share of the audit trail (variables, publishing, activation). Reveals were
 * recorded in their own table; they move into the trail, which is now their one record.
 */
export class FlowsAuditEvents1765000000000 implements MigrationInterface {
  name = 'FlowsAuditEvents1765000000000';

  async up(q: QueryRunner): Promise<void> {
    for (const statement of new AuditTrail('flows').createTableStatements())
      await q.query(statement);
    await q.query(`INSERT INTO flows.audit_events
        (id, organization_id, occurred_at, actor_id, action, resource_type, resource_id, details)
      SELECT id, organization_id, revealed_at, revealed_by, 'variable.revealed', 'variable',
             variable_id::text, jsonb_build_object('name', variable_name, 'traceId', trace_id)
        FROM flows.variable_reveals`);
    await q.query(`DROP TABLE flows.variable_reveals`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE flows.variable_reveals (
      id uuid PRIMARY KEY, organization_id uuid NOT NULL, variable_id uuid NOT NULL,
      variable_name text NOT NULL, revealed_by uuid NOT NULL, trace_id text,
      revealed_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(
      `CREATE INDEX variable_reveals_org ON flows.variable_reveals (organization_id, revealed_at)`,
    );
    await q.query(`INSERT INTO flows.variable_reveals
        (id, organization_id, variable_id, variable_name, revealed_by, trace_id, revealed_at)
      SELECT id, organization_id, resource_id::uuid, details->>'name', actor_id,
             details->>'traceId', occurred_at
        FROM flows.audit_events WHERE action = 'variable.revealed'`);
    await q.query(`DROP TABLE flows.audit_events`);
  }
}
