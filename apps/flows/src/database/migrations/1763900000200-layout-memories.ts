import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What reviews taught each project about its document layouts (one-shot layout learning): per
 * layout, its fingerprint and where each reviewed field sits relative to its caption. `version`
 * counts what the layout has learned and is the optimistic-concurrency token of an update. The
 * keys table makes a retried review activity teach once.
 */
export class LayoutMemories1763900000200 implements MigrationInterface {
  name = 'LayoutMemories1763900000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE flows.layout_memories (
      id uuid PRIMARY KEY,
      project_id uuid NOT NULL,
      organization_id uuid NOT NULL,
      fingerprint jsonb NOT NULL,
      fields jsonb NOT NULL,
      version integer NOT NULL CHECK (version > 0),
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`);
    await q.query(
      `CREATE INDEX layout_memories_project ON flows.layout_memories
         (organization_id, project_id, updated_at DESC)`,
    );
    await q.query(`CREATE TABLE flows.layout_memory_keys (
      project_id uuid NOT NULL,
      idempotency_key varchar(200) NOT NULL,
      organization_id uuid NOT NULL,
      applied_at timestamptz NOT NULL,
      PRIMARY KEY (project_id, idempotency_key)
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE flows.layout_memory_keys`);
    await q.query(`DROP TABLE flows.layout_memories`);
  }
}
