import {
  AcceptFieldRequest,
  CloseItemRequest,
  DeferItemRequest,
  ITEM_CLOSED_SIGNAL,
  ItemClosedSignal,
  ItemFieldRecord,
  ItemRecord,
  REVIEW_SUBMITTED_SIGNAL,
  ReviewedPlacementBody,
  ReviewSubmittedSignal,
  SubmitReviewResult,
  UpdatedField,
  UpdateFieldRequest,
} from '@docket/contracts';
import { ServiceTransactions } from '@docket/persistence';
import { Actor, DocketException } from '@docket/platform';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

import { DirectoryClient } from '../access/directory.client';
import { assertItemProjectAccess } from '../access/item-access';
import { AuditRepository } from '../database/audit.repository';
import { FieldRepository } from '../database/field.repository';
import { ItemRepository, LockedItem } from '../database/item.repository';
import { acceptanceOf, FieldRow, toFieldRecord } from '../database/item-rows';
import { LockRepository } from '../database/lock.repository';
import { ReviewRepository } from '../database/review.repository';
import { SignalOutboxRepository } from '../database/signal-outbox.repository';
import { correctValue, definitionOf, flagsAfterCorrection } from '../domain/correction.validator';
import { assertTransition } from '../domain/item-state-machine';
import { SignalOutboxDispatcher } from '../temporal/signal-outbox.dispatcher';
import { LockService } from './lock.service';
import { assertHolds, isLive } from './lock-policy';

const MAX_DEFERRAL_MS = 366 * 24 * 60 * 60 * 1000;

/** What a reviewer does with an item under its lock: edit fields, submit, defer, close. */
@Injectable()
export class ReviewService {
  constructor(
    private readonly transactions: ServiceTransactions,
    private readonly items: ItemRepository,
    private readonly fields: FieldRepository,
    private readonly locks: LockRepository,
    private readonly lockService: LockService,
    private readonly reviews: ReviewRepository,
    private readonly audit: AuditRepository,
    private readonly outbox: SignalOutboxRepository,
    private readonly dispatcher: SignalOutboxDispatcher,
    private readonly directory: DirectoryClient,
  ) {}

  /**
   * A new version of one field by the lock holder, if nobody wrote it since the caller read it.
   * The value is checked and normalised by the field's type (a value that is not one is a 400
   * naming the field, and nothing changes); the flow's field rules run again on it, so the
   * flags say what is still wrong. The extraction's confidence is cleared (a person wrote it),
   * and the grounding kept unless the edit says where the new value is.
   */
  async updateField(actor: Actor, request: UpdateFieldRequest): Promise<UpdatedField> {
    const name = await this.directory.nameOf(actor);
    return this.transactions.run(async (manager) => {
      const { item, field } = await this.fieldUnderLock(manager, actor, request);
      const rules = await this.items.fieldRules(manager, item.id);
      const value = correctValue(
        field.key,
        field.type,
        definitionOf(rules, field.key),
        request.value,
      );
      const corrected = {
        key: field.key,
        type: field.type,
        value,
        documentId: field.document_id,
      };
      const others = (await this.fields.values(manager, item.id)).filter(
        (other) => other.key !== field.key || other.documentId !== field.document_id,
      );
      const { flagged, flagReasons } = flagsAfterCorrection(rules, corrected, others);
      await this.fields.writeVersions(
        manager,
        item,
        [
          {
            key: field.key,
            type: field.type,
            value,
            documentId: field.document_id ?? undefined,
            grounding: placedGrounding(field, request.grounding),
            flagged,
            flagReasons,
          },
        ],
        { source: 'review', userId: actor.userId, name },
      );
      return toFieldRecord(await this.fields.current(manager, field.id));
    });
  }

  /**
   * The lock holder accepts the field's current version as it is: who and when are recorded
   * (audited), reach the run with the review, and are cleared by any later version.
   */
  async acceptField(actor: Actor, request: AcceptFieldRequest): Promise<UpdatedField> {
    const name = await this.directory.nameOf(actor);
    return this.transactions.run(async (manager) => {
      const { item, field } = await this.fieldUnderLock(manager, actor, request);
      await this.fields.accept(manager, field.id, { userId: actor.userId, name });
      await this.audit.record(manager, item, actor.userId, 'field.accepted', {
        key: field.key,
        documentId: field.document_id,
        version: field.version,
      });
      return toFieldRecord(await this.fields.current(manager, field.id));
    });
  }

  /** The item in REVIEW under the caller's lock, and the field at the version the caller read. */
  private async fieldUnderLock(
    manager: EntityManager,
    actor: Actor,
    request: { itemId: string; key: string; documentId?: string; expectedVersion: number },
  ): Promise<{ item: LockedItem; field: FieldRow }> {
    const item = await this.inReview(manager, actor, request.itemId);
    await this.lockService.assertHeldAndExtend(manager, actor, item);
    const field = await this.fields.findForUpdate(
      manager,
      item.id,
      request.key,
      request.documentId,
    );
    if (!field) throw DocketException.notFound('Field');
    if (field.version !== request.expectedVersion) {
      throw new DocketException(
        'VERSION_CONFLICT',
        `Field ${request.key} is at version ${field.version}, not ${request.expectedVersion}; reload it`,
        { currentVersion: field.version },
      );
    }
    return { item, field };
  }

  /**
   * Records the review, releases the lock, moves the item on (the run resumes) and signals the
   * run's workflow with the reviewed fields. The signal is written to the outbox in the same
   * transaction and delivered right after commit; if Temporal is unreachable it is retried.
   */
  async submit(actor: Actor, itemId: string): Promise<SubmitReviewResult> {
    const reviewer = { userId: actor.userId, name: await this.directory.nameOf(actor) };
    const { reviewId, signalId } = await this.transactions.run(async (manager) => {
      const item = await this.inReview(manager, actor, itemId);
      assertHolds(await this.locks.find(manager, item.id), actor.userId, item.now);
      assertTransition(item.status, 'IN_PROGRESS');
      const review = await this.reviews.record(manager, item, reviewer);
      const fields = await this.fields.allWithReviewEdits(manager, item.id, review.reviewId);
      const signal: ReviewSubmittedSignal = {
        itemId: item.id,
        reviewId: review.reviewId,
        reviewer,
        submittedAt: review.submittedAt.toISOString(),
        fields: fields.map((field) => ({
          key: field.key,
          type: field.type,
          value: field.value,
          documentId: field.document_id,
          version: field.version,
          editedInReview: field.edited_in_review,
          ...groundingOf(field),
          ...acceptedOf(field),
        })),
      };
      await this.locks.release(manager, item.id);
      await this.items.setStatus(manager, item.id, 'IN_PROGRESS');
      await this.audit.record(manager, item, actor.userId, 'review.submitted', {
        reviewId: review.reviewId,
      });
      const outboxId = await this.outbox.enqueue(manager, item, REVIEW_SUBMITTED_SIGNAL, signal);
      return { reviewId: review.reviewId, signalId: outboxId };
    });
    const runSignalled = await this.dispatcher.deliver(signalId);
    return { item: await this.recordOf(actor, itemId), reviewId, runSignalled };
  }

  /** REVIEW -> DEFERRED, lock released; back to REVIEW at `until` or when someone resumes it. */
  async defer(actor: Actor, request: DeferItemRequest): Promise<ItemRecord> {
    const until = request.until ? new Date(request.until) : null;
    await this.transactions.run(async (manager) => {
      const item = await this.inReview(manager, actor, request.itemId);
      assertHolds(await this.locks.find(manager, item.id), actor.userId, item.now);
      if (until && until.getTime() <= item.now.getTime())
        throw DocketException.invalid('until must be in the future');
      if (until && until.getTime() - item.now.getTime() > MAX_DEFERRAL_MS)
        throw DocketException.invalid('until must be within a year');
      assertTransition(item.status, 'DEFERRED');
      await this.locks.release(manager, item.id);
      await this.items.setStatus(manager, item.id, 'DEFERRED', until);
      await this.audit.record(manager, item, actor.userId, 'item.deferred', {
        until: until?.toISOString() ?? null,
        reason: request.reason ?? null,
      });
    });
    return this.recordOf(actor, request.itemId);
  }

  /**
   * Closes the item without completing it: the lock holder, or an Admin at any time before the
   * item is finished (overriding another reviewer's lock, audited). The run is told.
   */
  async close(actor: Actor, request: CloseItemRequest): Promise<ItemRecord> {
    const closedBy = { userId: actor.userId, name: await this.directory.nameOf(actor) };
    const signalId = await this.transactions.run(async (manager) => {
      const item = await this.items.lockForUpdate(manager, actor.organizationId, request.itemId);
      assertItemProjectAccess(actor, item);
      const lock = await this.locks.find(manager, item.id);
      if (actor.role !== 'Admin') assertHolds(lock, actor.userId, item.now);
      assertTransition(item.status, 'CLOSED');
      await this.locks.release(manager, item.id);
      await this.items.setStatus(manager, item.id, 'CLOSED');
      const overridden =
        isLive(lock, item.now) && lock.holder_id !== actor.userId
          ? { userId: lock.holder_id, name: lock.holder_name }
          : null;
      await this.audit.record(manager, item, actor.userId, 'item.closed', {
        from: item.status,
        reason: request.reason ?? null,
        overriddenLockHolder: overridden,
      });
      const signal: ItemClosedSignal = {
        itemId: item.id,
        closedBy,
        closedAt: item.now.toISOString(),
        reason: request.reason ?? null,
      };
      return this.outbox.enqueue(manager, item, ITEM_CLOSED_SIGNAL, signal);
    });
    await this.dispatcher.deliver(signalId);
    return this.recordOf(actor, request.itemId);
  }

  private async inReview(
    manager: EntityManager,
    actor: Actor,
    itemId: string,
  ): Promise<LockedItem> {
    const item = await this.items.lockForUpdate(manager, actor.organizationId, itemId);
    assertItemProjectAccess(actor, item);
    if (item.status !== 'REVIEW') {
      throw new DocketException(
        'INVALID_STATE_TRANSITION',
        `The item is ${item.status}; review actions need it in REVIEW`,
        { from: item.status },
      );
    }
    return item;
  }

  private recordOf(actor: Actor, itemId: string): Promise<ItemRecord> {
    return this.items.requireLeanRecord(this.transactions.manager, actor.organizationId, itemId);
  }
}

/** The edit's place as the field's grounding; an item-level field has no page to place on. */
function placedGrounding(
  field: { document_id: string | null; grounding: ItemFieldRecord['grounding'] },
  placement: ReviewedPlacementBody | undefined,
): ItemFieldRecord['grounding'] {
  if (!placement) return field.grounding;
  if (!field.document_id) {
    throw DocketException.invalid('An item-level field has no page: give no grounding');
  }
  return [{ documentId: field.document_id, ...placement, placedByReviewer: true }];
}

/** The field's first grounding, as the run's review gate learns layouts from it. */
function groundingOf(field: { grounding: ItemFieldRecord['grounding'] | null }) {
  const first = field.grounding?.[0];
  if (!first) return {};
  const { page, box, placedByReviewer } = first;
  return { grounding: { page, box, ...(placedByReviewer ? { placedByReviewer } : {}) } };
}

/** The acceptance of the field's current version, as the review signal carries it. */
function acceptedOf(field: FieldRow) {
  const acceptance = acceptanceOf(field);
  return acceptance ? { accepted: acceptance } : {};
}
