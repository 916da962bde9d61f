import { setTimeout as sleep } from 'node:timers/promises';

import {
  AcquireLockRequest,
  ClaimNextItemBody,
  DirectoryAccess,
  ItemLockResult,
  ItemLockState,
  ItemRecord,
  ItemUserRef,
  LockReleased,
  LockSessionRequest,
  WatchLockRequest,
} from '@docket/contracts';
import { ServiceTransactions } from '@docket/persistence';
import { Actor, DocketException } from '@docket/platform';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

import { DirectoryClient } from '../access/directory.client';
import { assertItemProjectAccess } from '../access/item-access';
import { AuditRepository } from '../database/audit.repository';
import { ItemRepository, LockedItem } from '../database/item.repository';
import { LockRow, toLock } from '../database/item-rows';
import { LockRepository } from '../database/lock.repository';
import { assertTransition } from '../domain/item-state-machine';
import { ItemsConfig } from '../items.config';
import {
  assertHolds,
  heldInOtherSession,
  isLive,
  lockedBy,
  lockedInOtherSession,
} from './lock-policy';

/** How often a lock watch looks again: well inside the 2 s a takeover must reach its holder. */
const WATCH_INTERVAL_MS = 400;

/**
 * One reviewer works an item at a time. Every decision is taken with the item row locked, so
 * any number of concurrent attempts produce exactly one holder.
 */
@Injectable()
export class LockService {
  constructor(
    private readonly transactions: ServiceTransactions,
    private readonly items: ItemRepository,
    private readonly locks: LockRepository,
    private readonly audit: AuditRepository,
    private readonly directory: DirectoryClient,
    private readonly access: DirectoryAccess,
    private readonly config: ItemsConfig,
  ) {}

  /**
   * Takes a free or lapsed lock (an idle takeover), or renews one's own. Held by another tab of
   * the caller's, it is refused unless the caller asks to continue here (replaceOwnSession).
   */
  acquire(actor: Actor, request: AcquireLockRequest): Promise<ItemLockResult> {
    return this.take(actor, request, false);
  }

  /** Admin only: takes the lock whoever holds it; audited. */
  takeOver(actor: Actor, request: LockSessionRequest): Promise<ItemLockResult> {
    if (actor.role !== 'Admin') throw DocketException.denied('Only an Admin may take over a lock');
    return this.take(actor, request, true);
  }

  async heartbeat(actor: Actor, request: LockSessionRequest): Promise<ItemLockResult> {
    const name = await this.directory.nameOf(actor);
    return this.transactions.run(async (manager) => {
      const item = await this.reviewable(manager, actor, request.itemId);
      const lock = await this.locks.find(manager, item.id);
      assertHolds(lock, actor.userId, item.now);
      if (heldInOtherSession(lock, actor.userId, request.session, item.now)) {
        throw lockedInOtherSession(lock);
      }
      const renewed = await this.locks.grant(
        manager,
        item,
        { userId: actor.userId, name, session: lock!.session_id },
        this.config.lockIdleSeconds,
      );
      return result(item.id, renewed, null);
    });
  }

  /** Releases the caller's lock; a lock another tab of theirs holds is left alone. */
  async release(actor: Actor, request: LockSessionRequest): Promise<LockReleased> {
    const { itemId } = request;
    return this.transactions.run(async (manager) => {
      const item = await this.items.lockForUpdate(manager, actor.organizationId, itemId);
      assertItemProjectAccess(actor, item);
      const lock = await this.locks.find(manager, item.id);
      if (isLive(lock, item.now) && lock.holder_id !== actor.userId) throw lockedBy(lock);
      if (!lock || lock.holder_id !== actor.userId) return { itemId, released: false };
      if (heldInOtherSession(lock, actor.userId, request.session, item.now)) {
        return { itemId, released: false };
      }
      await this.locks.release(manager, item.id);
      return { itemId, released: true };
    });
  }

  /**
   * The item's live lock and whether it is the caller's (this session's). With waitSeconds it
   * answers as soon as that stops being true, so a holder learns of a takeover within the
   * watch interval, or at the end of the wait.
   */
  async watch(actor: Actor, request: WatchLockRequest): Promise<ItemLockState> {
    const deadline = Date.now() + (request.waitSeconds ?? 0) * 1000;
    for (;;) {
      const state = await this.stateOf(actor, request);
      if (!state.yours || Date.now() + WATCH_INTERVAL_MS > deadline) return state;
      await sleep(WATCH_INTERVAL_MS);
    }
  }

  /** The review queue: the oldest REVIEW item of the project nobody holds, locked for the caller. */
  async claimNext(actor: Actor, request: ClaimNextItemBody): Promise<ItemRecord> {
    await this.access.assertProjectGrant(actor, request.projectId);
    const name = await this.directory.nameOf(actor);
    const itemId = await this.transactions.run(async (manager) => {
      const item = await this.items.lockNextUnheld(
        manager,
        actor.organizationId,
        request.projectId,
      );
      if (!item) return null;
      await this.locks.grant(
        manager,
        item,
        { userId: actor.userId, name, session: request.session ?? null },
        this.config.lockIdleSeconds,
      );
      await this.items.assign(manager, item.id, actor.userId, name);
      return item.id;
    });
    if (!itemId) throw new DocketException('NOT_FOUND', 'No item is waiting for review');
    return this.items.requireLeanRecord(this.transactions.manager, actor.organizationId, itemId);
  }

  private async stateOf(actor: Actor, request: WatchLockRequest): Promise<ItemLockState> {
    const manager = this.transactions.manager;
    const item = await this.items.readWithClock(manager, actor.organizationId, request.itemId);
    assertItemProjectAccess(actor, item);
    const lock = await this.locks.find(manager, item.id);
    if (!isLive(lock, item.now)) return { itemId: item.id, lock: null, yours: false };
    const yours =
      lock.holder_id === actor.userId &&
      !heldInOtherSession(lock, actor.userId, request.session, item.now);
    return { itemId: item.id, lock: toLock(lock), yours };
  }

  /** Within a review transaction: the caller must hold a live lock; the write extends it. */
  async assertHeldAndExtend(manager: EntityManager, actor: Actor, item: LockedItem): Promise<void> {
    const lock = await this.locks.find(manager, item.id);
    assertHolds(lock, actor.userId, item.now);
    await this.locks.grant(
      manager,
      item,
      { userId: actor.userId, name: lock!.holder_name, session: lock!.session_id },
      this.config.lockIdleSeconds,
    );
  }

  private async take(
    actor: Actor,
    request: AcquireLockRequest,
    force: boolean,
  ): Promise<ItemLockResult> {
    const { itemId, session } = request;
    const name = await this.directory.nameOf(actor);
    return this.transactions.run(async (manager) => {
      const item = await this.items.lockForUpdate(manager, actor.organizationId, itemId);
      assertItemProjectAccess(actor, item);
      if (item.status !== 'REVIEW' && item.status !== 'DEFERRED') {
        throw DocketException.conflict(`The item is ${item.status}, not awaiting review`, {
          status: item.status,
        });
      }
      const lock = await this.locks.find(manager, item.id);
      const live = isLive(lock, item.now);
      if (live && lock.holder_id !== actor.userId && !force) throw lockedBy(lock);
      if (
        heldInOtherSession(lock, actor.userId, session, item.now) &&
        !force &&
        !request.replaceOwnSession
      ) {
        throw lockedInOtherSession(lock);
      }
      const previous: ItemUserRef | null =
        lock && lock.holder_id !== actor.userId
          ? { userId: lock.holder_id, name: lock.holder_name }
          : null;
      if (previous) {
        await this.audit.record(
          manager,
          item,
          actor.userId,
          live ? 'lock.admin-takeover' : 'lock.idle-takeover',
          { previousHolder: previous, previousExpiresAt: lock!.expires_at.toISOString() },
        );
      }
      // Picking a deferred item up resumes it.
      if (item.status === 'DEFERRED') {
        assertTransition('DEFERRED', 'REVIEW');
        await this.items.setStatus(manager, item.id, 'REVIEW');
        await this.audit.record(manager, item, actor.userId, 'item.resumed', { by: 'lock' });
      }
      const granted = await this.locks.grant(
        manager,
        item,
        { userId: actor.userId, name, session: session ?? null },
        this.config.lockIdleSeconds,
      );
      await this.items.assign(manager, item.id, actor.userId, name);
      return result(item.id, granted, previous);
    });
  }

  private async reviewable(
    manager: EntityManager,
    actor: Actor,
    itemId: string,
  ): Promise<LockedItem> {
    const item = await this.items.lockForUpdate(manager, actor.organizationId, itemId);
    assertItemProjectAccess(actor, item);
    return item;
  }
}

function result(itemId: string, lock: LockRow, takenOverFrom: ItemUserRef | null): ItemLockResult {
  return { itemId, ...toLock(lock), takenOverFrom };
}
