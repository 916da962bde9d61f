import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One learned document classifier per project (naive Bayes counts as JSON), retrained as
 * reviewers confirm classes. `version` is the optimistic-concurrency token: a save names the
 * version it started from, so two concurrent confirmations cannot overwrite each other.
 */
export class ClassifierModels1763900000100 implements MigrationInterface {
  name = 'ClassifierModels1763900000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE flows.classifier_models (
      project_id uuid PRIMARY KEY,
      organization_id uuid NOT NULL,
      version integer NOT NULL CHECK (version > 0),
      model jsonb NOT NULL,
      updated_at timestamptz NOT NULL
    )`);
    await q.query(
      `CREATE INDEX classifier_models_organization ON flows.classifier_models (organization_id)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE flows.classifier_models`);
  }
}
