import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Corrections that keep data right, and locks per browser session:
 * - `items.field_rules`: the flow's field definitions and rules as the run's extraction gave
 *   them, so a reviewer's edit is checked by the field's type and re-validated by its rules.
 * - `items.review_instructions`: what the flow's review step tells the reviewer.
 * - `fields.updated_by_name`: who wrote the current version, as named when it was written.
 * - `fields.accepted_*`: a reviewer accepted the current version as it is (cleared by any new
 *   version); the review signal carries it to the run.
 * - `item_locks.session_id`: the browser session (tab) holding the lock, so two tabs of one
 *   person do not release or renew each other's lock.
 */
export class ItemsReviewCorrections1763800000002 implements MigrationInterface {
  name = 'ItemsReviewCorrections1763800000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE items.items ADD COLUMN field_rules jsonb,
      ADD COLUMN review_instructions text`);
    await q.query(`ALTER TABLE items.fields ADD COLUMN updated_by_name text,
      ADD COLUMN accepted_by uuid, ADD COLUMN accepted_by_name text,
      ADD COLUMN accepted_at timestamptz`);
    await q.query(`ALTER TABLE items.field_versions ADD COLUMN author_name text`);
    await q.query(`ALTER TABLE items.item_locks ADD COLUMN session_id text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE items.item_locks DROP COLUMN session_id`);
    await q.query(`ALTER TABLE items.field_versions DROP COLUMN author_name`);
    await q.query(`ALTER TABLE items.fields DROP COLUMN updated_by_name, DROP COLUMN accepted_by,
      DROP COLUMN accepted_by_name, DROP COLUMN accepted_at`);
    await q.query(
      `ALTER TABLE items.items DROP COLUMN field_rules, DROP COLUMN review_instructions`,
    );
  }
}
