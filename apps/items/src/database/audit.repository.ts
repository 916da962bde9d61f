import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

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

/** Who did what to an item and when; written in the transaction of the change itself. */
@Injectable()
export class AuditRepository {
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
}
