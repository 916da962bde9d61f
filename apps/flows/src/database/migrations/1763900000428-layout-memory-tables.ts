import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What reviewed tables teach a layout (row spacing, each column's place and printed header),
 * beside its fields. Memories learned before hold none.
 */
export class LayoutMemoryTables1763900000428 implements MigrationInterface {
  name = 'LayoutMemoryTables1763900000428';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE flows.layout_memories ADD COLUMN tables jsonb NOT NULL DEFAULT '[]'::jsonb`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE flows.layout_memories DROP COLUMN tables`);
  }
}
