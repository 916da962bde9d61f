import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The item audit answers the organization's audit trail (lock takeovers, closed items) newest
 * first, so it is read by organization and time rather than only per item.
 */
export class ItemsAuditTrail1765000000000 implements MigrationInterface {
  name = 'ItemsAuditTrail1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX item_audit_org_time ON items.item_audit
      (organization_id, created_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX items.item_audit_org_time`);
  }
}
