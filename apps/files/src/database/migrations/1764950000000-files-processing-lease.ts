import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A renewed lease for PROCESSING files: the replica working on a file renews it every few
 * seconds, so a file whose replica died is taken back within a minute instead of after a fixed
 * 15-minute allowance for the longest possible processing.
 */
export class FilesProcessingLease1764950000000 implements MigrationInterface {
  name = 'FilesProcessingLease1764950000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE files.files ADD COLUMN lease_renewed_at timestamptz`);
    await q.query(`UPDATE files.files SET lease_renewed_at = processing_started_at
                    WHERE status = 'PROCESSING'`);
    await q.query(`DROP INDEX files.files_processing`);
    await q.query(`CREATE INDEX files_processing ON files.files (lease_renewed_at)
                    WHERE status = 'PROCESSING'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX files.files_processing`);
    await q.query(`CREATE INDEX files_processing ON files.files (processing_started_at)
                    WHERE status = 'PROCESSING'`);
    await q.query(`ALTER TABLE files.files DROP COLUMN lease_renewed_at`);
  }
}
