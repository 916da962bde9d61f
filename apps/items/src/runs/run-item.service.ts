import {
  AttachItemDocumentsRequest,
  AttachItemDocumentsV1,
  CreateItemForRunRequest,
  CreateItemForRunV1,
  ItemRecord,
  MAX_REVIEW_RULES_BYTES,
  MoveItemStatusRequest,
  MoveItemStatusV1,
  SetItemSummaryRequest,
  SetItemSummaryV1,
  WriteItemFieldsRequest,
  WriteItemFieldsResult,
  WriteItemFieldsV1,
} from '@docket/contracts';
import { Actor, DocketException } from '@docket/platform';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

import { AuditRepository } from '../database/audit.repository';
import { CommandLedger } from '../database/command-ledger.repository';
import { FieldRepository } from '../database/field.repository';
import { ItemRepository, LockedItem } from '../database/item.repository';
import { LockRepository } from '../database/lock.repository';
import { itemNameOf } from '../domain/item-name';
import { assertTransition, isTerminal } from '../domain/item-state-machine';

/**
 * What a flow run does to its item, through the NATS run contracts. Each command runs once per
 * idempotency key (CommandLedger), in one transaction with the item row locked.
 */
@Injectable()
export class RunItemService {
  constructor(
    private readonly ledger: CommandLedger,
    private readonly items: ItemRepository,
    private readonly fields: FieldRepository,
    private readonly locks: LockRepository,
    private readonly audit: AuditRepository,
  ) {}

  create(caller: Actor | null, request: CreateItemForRunRequest): Promise<ItemRecord> {
    assertOrganization(caller, request.organizationId);
    return this.ledger.once(
      request.organizationId,
      request.idempotencyKey,
      CreateItemForRunV1.subject,
      request,
      async (manager) => {
        const itemId = await this.items.insert(manager, request, 'QUEUED');
        const item = { id: itemId, organization_id: request.organizationId };
        await this.audit.record(manager, item, null, 'item.created', {
          temporalWorkflowId: request.temporalWorkflowId,
        });
        return this.recordOf(manager, request.organizationId, itemId);
      },
    );
  }

  attachDocuments(caller: Actor | null, request: AttachItemDocumentsRequest): Promise<ItemRecord> {
    return this.onItem(caller, request, AttachItemDocumentsV1.subject, async (manager, item) => {
      const ids = request.documents.map((d) => d.documentId);
      if (new Set(ids).size !== ids.length)
        throw DocketException.invalid('A documentId appears twice in documents');
      await this.items.attachDocuments(manager, item, request.documents);
      const record = await this.recordOf(manager, item.organization_id, item.id);
      // Documents in the order they arrived (then by name): the first one names the item.
      const documents = [...record.documents].sort(
        (a, b) => a.createdAt.localeCompare(b.createdAt) || a.name.localeCompare(b.name),
      );
      const name = itemNameOf(documents, record.flowName, record.displayName);
      if (name === record.displayName) return record;
      await this.items.rename(manager, item.id, name);
      return { ...record, displayName: name };
    });
  }

  writeFields(
    caller: Actor | null,
    request: WriteItemFieldsRequest,
  ): Promise<WriteItemFieldsResult> {
    return this.onItem(caller, request, WriteItemFieldsV1.subject, async (manager, item) => {
      if (request.rules) {
        if (Buffer.byteLength(JSON.stringify(request.rules)) > MAX_REVIEW_RULES_BYTES) {
          throw DocketException.invalid(
            `rules must be at most ${MAX_REVIEW_RULES_BYTES / 1024} KiB of JSON`,
          );
        }
        if (!Array.isArray(request.rules.fields)) {
          throw DocketException.invalid('rules.fields must be the list of field definitions');
        }
        await this.items.setFieldRules(manager, item.id, request.rules);
      }
      const written = await this.fields.writeVersions(manager, item, request.fields, {
        source: 'extraction',
        userId: null,
      });
      return { itemId: item.id, fields: written };
    });
  }

  setSummary(caller: Actor | null, request: SetItemSummaryRequest): Promise<ItemRecord> {
    if (request.summary === undefined && request.insight === undefined)
      throw DocketException.invalid('Give summary, insight or both');
    return this.onItem(caller, request, SetItemSummaryV1.subject, async (manager, item) => {
      await this.items.setSummary(manager, item.id, request.summary, request.insight);
      return this.recordOf(manager, item.organization_id, item.id);
    });
  }

  moveStatus(caller: Actor | null, request: MoveItemStatusRequest): Promise<ItemRecord> {
    return this.onItem(caller, request, MoveItemStatusV1.subject, async (manager, item) => {
      assertTransition(item.status, request.status);
      await this.items.setStatus(manager, item.id, request.status);
      if (request.status === 'REVIEW' && request.reviewInstructions) {
        await this.items.setReviewInstructions(manager, item.id, request.reviewInstructions);
      }
      // A finished run leaves nothing to review: nobody keeps working it.
      if (isTerminal(request.status)) await this.locks.release(manager, item.id);
      await this.audit.record(manager, item, null, 'item.status-changed', {
        from: item.status,
        to: request.status,
        reason: request.reason ?? null,
        by: 'run',
      });
      return this.recordOf(manager, item.organization_id, item.id);
    });
  }

  private onItem<T>(
    caller: Actor | null,
    request: { organizationId: string; idempotencyKey: string; itemId: string },
    subject: string,
    work: (manager: EntityManager, item: LockedItem) => Promise<T>,
  ): Promise<T> {
    assertOrganization(caller, request.organizationId);
    return this.ledger.once(
      request.organizationId,
      request.idempotencyKey,
      subject,
      request,
      async (manager) =>
        work(
          manager,
          await this.items.lockForUpdate(manager, request.organizationId, request.itemId),
        ),
    );
  }

  private async recordOf(
    manager: EntityManager,
    organizationId: string,
    itemId: string,
  ): Promise<ItemRecord> {
    const record = await this.items.leanRecord(manager, organizationId, itemId);
    if (!record) throw DocketException.notFound('Item');
    return record;
  }
}

/** Run commands come from the worker (no actor); a caller with an actor must be of that org. */
function assertOrganization(caller: Actor | null, organizationId: string): void {
  if (caller && caller.organizationId !== organizationId) throw DocketException.notFound('Item');
}
