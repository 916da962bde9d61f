import { defineContract } from '@docket/platform';

import { LockSessionRequest } from '../locks.acquire.v1';
import { ItemLockResult } from '../records';

/** Extends the caller's live lock (of this session) by the idle period. */
export const HeartbeatItemLockV1 = defineContract<LockSessionRequest, ItemLockResult>(
  'items.locks.heartbeat.v1',
  LockSessionRequest,
);
