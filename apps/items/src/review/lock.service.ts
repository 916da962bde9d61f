import { ItemLockResult, ItemUserRef, LockReleased } from '@docket/contracts';
import { Actor, DocketException } from '@docket/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

import { DirectoryClient } from '../access/directory.client';
import { assertItemProjectAccess } from '../access/item-access';
import { AuditRepository } from '../database/audit.repository';
import { ItemRepository, LockedItem } from '../database/item.repository';
import { LockRow, toLock } from '../database/item-rows';
import { LockRepository } from '../database/lock.repository';
import { assertTransition } from '../domain/item-state-machine';
import { ItemsConfig } from '../items.config';
import { assertHolds, isLive, lockedBy } from './lock-policy';

/**
 * One reviewer works an item at a time. Every decision is taken with the item row locked, so
 * any number of concurrent attempts produce exactly one holder.
 */
@Injectable()
export class LockService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly items: ItemRepository,
    private readonly locks: LockRepository,
    private readonly audit: AuditRepository,
    private readonly directory: DirectoryClient,
    private readonly config: ItemsConfig,
  ) {}

  /** Takes a free or lapsed lock (an idle takeover), or renews one's own. */
  acquire(actor: Actor, itemId: string): Promise<ItemLockResult> {
    return this.take(actor, itemId, false);
  }

  /** Admin only: takes the lock whoever holds it; audited. */
  takeOver(actor: Actor, itemId: string): Promise<ItemLockResult> {
    if (actor.role !== 'Admin') throw DocketException.denied('Only an Admin may take over a lock');
    return this.take(actor, itemId, true);
  }

  async heartbeat(actor: Actor, itemId: string): Promise<ItemLockResult> {
    const name = await this.directory.nameOf(actor);
    return this.dataSource.transaction(async (manager) => {
      const item = await this.reviewable(manager, actor, itemId);
      const lock = await this.locks.find(manager, item.id);
      assertHolds(lock, actor.userId, item.now);
      const renewed = await this.locks.grant(
        manager,
        item,
        { userId: actor.userId, name },
        this.config.lockIdleSeconds,
      );
      return result(item.id, renewed, null);
    });
  }

  async release(actor: Actor, itemId: string): Promise<LockReleased> {
    return this.dataSource.transaction(async (manager) => {
      const item = await this.items.lockForUpdate(manager, actor.organizationId, itemId);
      assertItemProjectAccess(actor, item);
      const lock = await this.locks.find(manager, item.id);
      if (isLive(lock, item.now) && lock.holder_id !== actor.userId) throw lockedBy(lock);
      if (!lock || lock.holder_id !== actor.userId) return { itemId, released: false };
      await this.locks.release(manager, item.id);
      return { itemId, released: true };
    });
  }

  /** Within a review transaction: the caller must hold a live lock; the write extends it. */
  async assertHeldAndExtend(manager: EntityManager, actor: Actor, item: LockedItem): Promise<void> {
    const lock = await this.locks.find(manager, item.id);
    assertHolds(lock, actor.userId, item.now);
    await this.locks.grant(
      manager,
      item,
      { userId: actor.userId, name: lock!.holder_name },
      this.config.lockIdleSeconds,
    );
  }

  private async take(actor: Actor, itemId: string, force: boolean): Promise<ItemLockResult> {
    const name = await this.directory.nameOf(actor);
    return this.dataSource.transaction(async (manager) => {
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
        { userId: actor.userId, name },
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
