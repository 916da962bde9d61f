import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The fields a review confirmed empty on a document of the layout (a VIN a property invoice
 * never prints), beside its fields and tables. Memories learned before hold none.
 */
export class LayoutMemoryEmptyFields1766000000000 implements MigrationInterface {
  name = 'LayoutMemoryEmptyFields1766000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE flows.layout_memories ADD COLUMN empty_fields jsonb NOT NULL DEFAULT '[]'::jsonb`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE flows.layout_memories DROP COLUMN empty_fields`);
  }
}
