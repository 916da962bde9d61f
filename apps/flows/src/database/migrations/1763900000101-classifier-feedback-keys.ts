import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The idempotency keys of applied classifier feedback (a run's review confirms each document's
 * class once). A key is written in the same transaction as the retrained model, so a retried
 * activity finds it and never trains the model twice on the same confirmation.
 */
export class ClassifierFeedbackKeys1763900000101 implements MigrationInterface {
  name = 'ClassifierFeedbackKeys1763900000101';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE flows.classifier_feedback_keys (
      project_id uuid NOT NULL,
      idempotency_key varchar(200) NOT NULL,
      organization_id uuid NOT NULL,
      model_version integer NOT NULL,
      applied_at timestamptz NOT NULL,
      PRIMARY KEY (project_id, idempotency_key)
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE flows.classifier_feedback_keys`);
  }
}
