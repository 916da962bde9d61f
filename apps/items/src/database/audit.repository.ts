import { AuditEventShare } from '@docket/contracts';
import { auditConditions, AuditQuery, AuditRow, auditShareOf } from '@docket/persistence';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

export type AuditAction =
  | 'item.created'
  | 'item.status-changed'
  | 'lock.idle-takeover'
  | 'lock.admin-takeover'
  | 'review.submitted'
  | 'item.deferred'
  | 'item.resumed'
  | 'item.closed'
  | 'field.accepted';

/**
 * The item history's share of the organization's audit trail, in the trail's vocabulary: both
 * kinds of lock takeover are `lock.taken-over` (details.idle tells them apart).
 */
const TRAIL_ACTION = `CASE WHEN action LIKE 'lock.%' THEN 'lock.taken-over' ELSE action END`;
const TRAIL_COLUMNS = {
  organizationId: 'organization_id',
  occurredAt: 'created_at',
  actorId: 'actor_id',
  action: TRAIL_ACTION,
  resourceType: `'item'`,
  resourceId: 'item_id::text',
};

/** Who did what to an item and when; written in the transaction of the change itself. */
@Injectable()
export class AuditRepository {
  constructor(private readonly dataSource: DataSource) {}

  async record(
    manager: EntityManager,
    item: { id: string; organization_id: string },
    actorId: string | null,
    action: AuditAction,
    details: Record<string, unknown> = {},
  ): Promise<void> {
    await manager.query(
      `INSERT INTO items.item_audit (item_id, organization_id, actor_id, action, details)
       VALUES ($1, $2, $3, $4, $5::jsonb)`,
      [item.id, item.organization_id, actorId, action, JSON.stringify(details)],
    );
  }

  async trail(query: AuditQuery): Promise<AuditEventShare> {
    const { where, values } = auditConditions(query, TRAIL_COLUMNS);
    const rows: AuditRow[] = await this.dataSource.query(
      `SELECT id::text AS id, created_at AS "occurredAt", actor_id AS "actorId",
              ${TRAIL_ACTION} AS action, 'item' AS "resourceType", item_id::text AS "resourceId",
              CASE WHEN action LIKE 'lock.%'
                   THEN details || jsonb_build_object('idle', action = 'lock.idle-takeover')
                   ELSE details END AS details,
              count(*) OVER () AS total
         FROM items.item_audit
        WHERE action IN ('lock.admin-takeover', 'lock.idle-takeover', 'item.closed')
          AND ${where}
        ORDER BY created_at DESC, id DESC LIMIT ${Number(query.first)}`,
      values,
    );
    return auditShareOf('items', rows) as AuditEventShare;
  }
}
