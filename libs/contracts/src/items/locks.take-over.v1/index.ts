import { defineContract } from '@docket/platform';

import { LockSessionRequest } from '../locks.acquire.v1';
import { ItemLockResult } from '../records';

/** Admin only: takes the lock at once whoever holds it; audited. */
export const TakeOverItemLockV1 = defineContract<LockSessionRequest, ItemLockResult>(
  'items.locks.take-over.v1',
  LockSessionRequest,
);
