import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A step can end `canceled`: it was running, waiting on its timer or waiting for its review when
 * its run ended (a cancel, or the run's item closed).
 */
export class StepCanceled1763900000300 implements MigrationInterface {
  name = 'StepCanceled1763900000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE flows.execution_steps DROP CONSTRAINT execution_steps_status_check,
      ADD CONSTRAINT execution_steps_status_check CHECK
        (status IN ('running', 'waiting', 'completed', 'failed', 'skipped', 'canceled'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE flows.execution_steps SET status = 'failed' WHERE status = 'canceled'`);
    await q.query(`ALTER TABLE flows.execution_steps DROP CONSTRAINT execution_steps_status_check,
      ADD CONSTRAINT execution_steps_status_check CHECK
        (status IN ('running', 'waiting', 'completed', 'failed', 'skipped'))`);
  }
}
