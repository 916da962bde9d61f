import { DocketException } from '@docket/platform';

import { LockRow } from '../database/item-rows';

/** A lock counts only until it expires; after that it is as good as absent. */
export function isLive(lock: LockRow | undefined, now: Date): lock is LockRow {
  return lock !== undefined && lock.expires_at.getTime() > now.getTime();
}

export function lockedBy(lock: LockRow): DocketException {
  return new DocketException(
    'LOCKED',
    `${lock.holder_name} is working on this item until ${lock.expires_at.toISOString()}`,
    {
      holder: { userId: lock.holder_id, name: lock.holder_name },
      expiresAt: lock.expires_at.toISOString(),
    },
  );
}

/**
 * Every review write passes here: the caller must hold a lock that has not lapsed. A lapsed
 * lock is refused even if nobody took it over, so a reviewer who walked away re-takes the lock
 * (and sees any changes) before writing.
 */
export function assertHolds(lock: LockRow | undefined, userId: string, now: Date): void {
  if (isLive(lock, now) && lock.holder_id !== userId) throw lockedBy(lock);
  if (!isLive(lock, now) || lock.holder_id !== userId) {
    throw new DocketException(
      'LOCKED',
      lock?.holder_id === userId
        ? 'Your lock on this item lapsed; take the lock again'
        : 'Take the lock on this item first (POST /items/{id}/lock)',
      { holder: null },
    );
  }
}

/**
 * The caller's own live lock, taken in another browser session (tab) of theirs. Clients that
 * name no session (API integrations) are one session per person, as before sessions existed.
 */
export function heldInOtherSession(
  lock: LockRow | undefined,
  userId: string,
  session: string | undefined,
  now: Date,
): lock is LockRow {
  return (
    isLive(lock, now) &&
    lock.holder_id === userId &&
    session !== undefined &&
    lock.session_id !== null &&
    lock.session_id !== session
  );
}

export function lockedInOtherSession(lock: LockRow): DocketException {
  return new DocketException(
    'LOCKED',
    'You are reviewing this item in another tab or window; continue there, or take it here',
    {
      holder: { userId: lock.holder_id, name: lock.holder_name },
      expiresAt: lock.expires_at.toISOString(),
      otherSessionOfYours: true,
    },
  );
}
