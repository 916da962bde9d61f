import { AuditTrail } from '@docket/persistence';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * People who leave are deactivated, not deleted (their history stays attributable), and the
 * identity service's share of the audit trail: keys, users and sign-in settings.
 */
export class IdentityAuditAndDeactivation1765000000000 implements MigrationInterface {
  name = 'IdentityAuditAndDeactivation1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE identity.users ADD COLUMN deactivated_at timestamptz`);
    for (const statement of new AuditTrail('identity').createTableStatements())
      await q.query(statement);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE identity.audit_events`);
    await q.query(`ALTER TABLE identity.users DROP COLUMN deactivated_at`);
  }
}
