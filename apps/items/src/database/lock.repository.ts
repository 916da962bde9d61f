import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

import { LockRow } from './item-rows';

export interface LockHolder {
  userId: string;
  name: string;
  /** The browser session (tab) of the holder, when the client names one. */
  session: string | null;
}

const LOCK_COLUMNS =
  'item_id, holder_id, holder_name, session_id, acquired_at, heartbeat_at, expires_at';

/** The review lock of an item: at most one row per item; a lapsed row is as good as none. */
@Injectable()
export class LockRepository {
  async find(manager: EntityManager, itemId: string): Promise<LockRow | undefined> {
    const rows: LockRow[] = await manager.query(
      `SELECT ${LOCK_COLUMNS} FROM items.item_locks WHERE item_id = $1`,
      [itemId],
    );
    return rows[0];
  }

  /**
   * Gives the lock to `holder` until now + idle period. A holder renewing keeps its acquiredAt;
   * a new holder starts afresh. The caller holds the item row lock and has decided who wins.
   */
  async grant(
    manager: EntityManager,
    item: { id: string; organization_id: string },
    holder: LockHolder,
    idleSeconds: number,
  ): Promise<LockRow> {
    const rows: LockRow[] = await manager.query(
      `INSERT INTO items.item_locks AS l (item_id, organization_id, holder_id, holder_name,
         session_id, acquired_at, heartbeat_at, expires_at)
       VALUES ($1, $2, $3, $4, $6, clock_timestamp(), clock_timestamp(),
         clock_timestamp() + make_interval(secs => $5))
       ON CONFLICT (item_id) DO UPDATE SET holder_id = EXCLUDED.holder_id,
         holder_name = EXCLUDED.holder_name, session_id = EXCLUDED.session_id,
         acquired_at = CASE WHEN l.holder_id = EXCLUDED.holder_id AND l.expires_at > clock_timestamp()
           THEN l.acquired_at ELSE EXCLUDED.acquired_at END,
         heartbeat_at = EXCLUDED.heartbeat_at, expires_at = EXCLUDED.expires_at
       RETURNING ${LOCK_COLUMNS}`,
      [item.id, item.organization_id, holder.userId, holder.name, idleSeconds, holder.session],
    );
    return rows[0];
  }

  async release(manager: EntityManager, itemId: string): Promise<void> {
    await manager.query(`DELETE FROM items.item_locks WHERE item_id = $1`, [itemId]);
  }
}
