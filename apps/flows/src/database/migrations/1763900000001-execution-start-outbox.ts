import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Runs are started through an outbox: the API records the execution and answers at once;
 * the workflow is started right after, and again by a relay for any row whose start did not
 * happen (Temporal down, process killed), so a recorded run is never lost.
 */
export class ExecutionStartOutbox1763900000001 implements MigrationInterface {
  name = 'ExecutionStartOutbox1763900000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE flows.executions
      ADD COLUMN workflow_started boolean NOT NULL DEFAULT false, ADD COLUMN trace_id text`);
    await q.query(`UPDATE flows.executions SET workflow_started = true`);
    await q.query(`CREATE INDEX executions_unstarted ON flows.executions (created_at)
      WHERE workflow_started = false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX flows.executions_unstarted`);
    await q.query(
      `ALTER TABLE flows.executions DROP COLUMN workflow_started, DROP COLUMN trace_id`,
    );
  }
}
