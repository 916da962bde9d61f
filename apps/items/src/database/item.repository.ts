import { randomUUID } from 'node:crypto';

import {
  CreateItemForRunRequest,
  ItemDocumentInput,
  ItemRecord,
  ItemStatus,
  ReviewRulesInput,
} from '@docket/contracts';
import { DocketException } from '@docket/platform';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

import { ITEM_COLUMNS, ItemRow, LeanItemRow, toItemRecord } from './item-rows';

/** An item row read under a row lock, with the database clock at that moment. */
export interface LockedItem extends ItemRow {
  now: Date;
}

const LEAN_ITEM_SQL = `
  SELECT ${ITEM_COLUMNS}, i.review_instructions,
    COALESCE((SELECT json_agg(json_build_object(
        'document_id', d.document_id, 'file_id', d.file_id, 'name', d.name,
        'mime_type', d.mime_type, 'page_count', d.page_count,
        'classification', d.classification, 'created_at', d.created_at)
        ORDER BY d.created_at, d.document_id)
      FROM items.item_documents d WHERE d.item_id = i.id), '[]') AS documents,
    COALESCE((SELECT json_agg(json_build_object(
        'id', r.id, 'reviewer_id', r.reviewer_id, 'reviewer_name', r.reviewer_name,
        'submitted_at', r.submitted_at,
        'field_versions', COALESCE((SELECT json_agg(json_build_object(
            'id', v.id, 'key', f.key, 'document_id', f.document_id, 'version', v.version)
            ORDER BY f.key, v.version)
          FROM items.field_versions v JOIN items.fields f ON f.id = v.field_id
          WHERE v.review_id = r.id), '[]'))
        ORDER BY r.submitted_at)
      FROM items.item_reviews r WHERE r.item_id = i.id), '[]') AS reviews,
    (SELECT json_build_object('holder_id', l.holder_id, 'holder_name', l.holder_name,
        'acquired_at', l.acquired_at, 'heartbeat_at', l.heartbeat_at, 'expires_at', l.expires_at)
      FROM items.item_locks l WHERE l.item_id = i.id AND l.expires_at > clock_timestamp()) AS lock
  FROM items.items i
  WHERE i.id = $1 AND i.organization_id = $2`;

/** The item row itself, its documents, and the lean record assembled in one query. */
@Injectable()
export class ItemRepository {
  /** Locks the item row for the rest of the transaction: writes to one item are serialised. */
  lockForUpdate(
    manager: EntityManager,
    organizationId: string,
    itemId: string,
  ): Promise<LockedItem> {
    return this.withClock(manager, organizationId, itemId, 'FOR UPDATE');
  }

  /** The item row with the database clock, without locking it (reads that decide nothing). */
  readWithClock(manager: EntityManager, organizationId: string, itemId: string) {
    return this.withClock(manager, organizationId, itemId, '');
  }

  private async withClock(
    manager: EntityManager,
    organizationId: string,
    itemId: string,
    lockClause: 'FOR UPDATE' | '',
  ): Promise<LockedItem> {
    const rows: LockedItem[] = await manager.query(
      `SELECT ${ITEM_COLUMNS}, clock_timestamp() AS now FROM items.items i
        WHERE i.id = $1 AND i.organization_id = $2 ${lockClause}`,
      [itemId, organizationId],
    );
    if (!rows[0]) throw DocketException.notFound('Item');
    return rows[0];
  }

  /**
   * Locks and returns the oldest item in REVIEW of the project without a live review lock;
   * rows other transactions are deciding on are skipped, so concurrent claims differ. A claim
   * that committed after this statement's snapshot was taken holds no row lock any more, and its
   * review lock is in another table the snapshot does not see: each candidate is checked again
   * in a statement of its own (a fresh snapshot) while its row is locked, and passed over when
   * held. npm test caught two concurrent claims given one item.
   */
  async lockNextUnheld(
    manager: EntityManager,
    organizationId: string,
    projectId: string,
  ): Promise<LockedItem | undefined> {
    const passed: string[] = [];
    for (;;) {
      const rows: LockedItem[] = await manager.query(
        `SELECT ${ITEM_COLUMNS}, clock_timestamp() AS now FROM items.items i
          WHERE i.organization_id = $1 AND i.project_id = $2 AND i.status = 'REVIEW'
            AND NOT (i.id = ANY($3::uuid[]))
            AND NOT EXISTS (SELECT 1 FROM items.item_locks l
              WHERE l.item_id = i.id AND l.expires_at > clock_timestamp())
          ORDER BY i.created_at, i.id LIMIT 1 FOR UPDATE OF i SKIP LOCKED`,
        [organizationId, projectId, passed],
      );
      const item = rows[0];
      if (!item || !(await this.heldNow(manager, item.id))) return item;
      passed.push(item.id);
    }
  }

  /** Whether the item has a live review lock, as committed now. */
  private async heldNow(manager: EntityManager, itemId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM items.item_locks WHERE item_id = $1 AND expires_at > clock_timestamp()`,
      [itemId],
    );
    return rows.length > 0;
  }

  async setReviewInstructions(manager: EntityManager, itemId: string, instructions: string) {
    await manager.query(`UPDATE items.items SET review_instructions = $2 WHERE id = $1`, [
      itemId,
      instructions,
    ]);
  }

  /** The flow's field rules the run kept with the item (null when it gave none). */
  async fieldRules(manager: EntityManager, itemId: string): Promise<ReviewRulesInput | null> {
    const rows: Array<{ field_rules: ReviewRulesInput | null }> = await manager.query(
      `SELECT field_rules FROM items.items WHERE id = $1`,
      [itemId],
    );
    return rows[0]?.field_rules ?? null;
  }

  async setFieldRules(manager: EntityManager, itemId: string, rules: ReviewRulesInput) {
    await manager.query(`UPDATE items.items SET field_rules = $2 WHERE id = $1`, [
      itemId,
      JSON.stringify(rules),
    ]);
  }

  /** The lean record of an item known to exist (it was just written): NOT_FOUND otherwise. */
  async requireLeanRecord(
    manager: EntityManager,
    organizationId: string,
    itemId: string,
  ): Promise<ItemRecord> {
    const record = await this.leanRecord(manager, organizationId, itemId);
    if (!record) throw DocketException.notFound('Item');
    return record;
  }

  async leanRecord(
    manager: EntityManager,
    organizationId: string,
    itemId: string,
  ): Promise<ItemRecord | undefined> {
    const rows: LeanItemRow[] = await manager.query(LEAN_ITEM_SQL, [itemId, organizationId]);
    return rows[0] ? toItemRecord(rows[0]) : undefined;
  }

  async insert(
    manager: EntityManager,
    request: CreateItemForRunRequest,
    status: ItemStatus,
  ): Promise<string> {
    const id = randomUUID();
    // The counter row lock makes displayIds gapless per organization and serialises creations
    // of one organization only for the length of this statement's transaction.
    const [{ last_value: displayId }]: Array<{ last_value: string }> = await manager.query(
      `INSERT INTO items.display_id_counters AS c (organization_id, last_value) VALUES ($1, 1)
       ON CONFLICT (organization_id) DO UPDATE SET last_value = c.last_value + 1
       RETURNING c.last_value`,
      [request.organizationId],
    );
    await manager.query(
      `INSERT INTO items.items (id, organization_id, workspace_id, project_id, display_id,
         display_name, summary, insight, status, flow_id, flow_name, temporal_workflow_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        id,
        request.organizationId,
        request.workspaceId,
        request.projectId,
        displayId,
        request.displayName,
        request.summary ?? '',
        request.insight ?? '',
        status,
        request.flowId,
        request.flowName,
        request.temporalWorkflowId,
      ],
    );
    return id;
  }

  async setStatus(
    manager: EntityManager,
    itemId: string,
    status: ItemStatus,
    deferredUntil: Date | null = null,
  ): Promise<void> {
    await manager.query(
      `UPDATE items.items SET status = $2, deferred_until = $3, updated_at = clock_timestamp()
        WHERE id = $1`,
      [itemId, status, deferredUntil],
    );
  }

  async rename(manager: EntityManager, itemId: string, displayName: string): Promise<void> {
    await manager.query(`UPDATE items.items SET display_name = $2 WHERE id = $1`, [
      itemId,
      displayName,
    ]);
  }

  async setSummary(
    manager: EntityManager,
    itemId: string,
    summary: string | undefined,
    insight: string | undefined,
  ): Promise<void> {
    await manager.query(
      `UPDATE items.items SET summary = COALESCE($2, summary), insight = COALESCE($3, insight),
         updated_at = clock_timestamp() WHERE id = $1`,
      [itemId, summary ?? null, insight ?? null],
    );
  }

  /** The assignee is the reviewer working the item; the name is copied for reviewer search. */
  async assign(
    manager: EntityManager,
    itemId: string,
    userId: string,
    name: string,
  ): Promise<void> {
    await manager.query(
      `UPDATE items.items SET assignee_id = $2, reviewer_name = $3, updated_at = clock_timestamp()
        WHERE id = $1 AND (assignee_id IS DISTINCT FROM $2 OR reviewer_name IS DISTINCT FROM $3)`,
      [itemId, userId, name],
    );
  }

  async touch(manager: EntityManager, itemId: string): Promise<void> {
    await manager.query(`UPDATE items.items SET updated_at = clock_timestamp() WHERE id = $1`, [
      itemId,
    ]);
  }

  async attachDocuments(
    manager: EntityManager,
    item: ItemRow,
    documents: ItemDocumentInput[],
  ): Promise<void> {
    const rows = documents.map((d) => ({
      document_id: d.documentId,
      file_id: d.fileId ?? null,
      name: d.name,
      mime_type: d.mimeType ?? null,
      page_count: d.pageCount ?? null,
      classification: d.classification ?? null,
    }));
    await manager.query(
      `INSERT INTO items.item_documents AS d (item_id, organization_id, document_id, file_id, name,
         mime_type, page_count, classification)
       SELECT $1, $2, x.document_id, x.file_id, x.name, x.mime_type, x.page_count, x.classification
         FROM jsonb_to_recordset($3::jsonb) AS x(document_id uuid, file_id uuid, name text,
           mime_type text, page_count integer, classification text)
       ON CONFLICT (item_id, document_id) DO UPDATE SET file_id = EXCLUDED.file_id,
         name = EXCLUDED.name, mime_type = EXCLUDED.mime_type, page_count = EXCLUDED.page_count,
         classification = EXCLUDED.classification, updated_at = clock_timestamp()`,
      [item.id, item.organization_id, JSON.stringify(rows)],
    );
    await this.touch(manager, item.id);
  }

  /** Returns due deferred items to REVIEW; the caller has checked the transition is legal. */
  async returnDueDeferrals(
    manager: EntityManager,
  ): Promise<Array<{ id: string; organization_id: string }>> {
    const [rows]: [Array<{ id: string; organization_id: string }>, number] = await manager.query(
      `UPDATE items.items SET status = 'REVIEW', deferred_until = NULL,
         updated_at = clock_timestamp()
        WHERE status = 'DEFERRED' AND deferred_until <= clock_timestamp()
        RETURNING id, organization_id`,
    );
    return rows;
  }
}
