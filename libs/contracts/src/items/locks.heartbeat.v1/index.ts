import { defineContract } from '@docket/platform';

import { ItemLockResult, ItemRef } from '../records';

/** Extends the caller's live lock by the idle period. */
export const HeartbeatItemLockV1 = defineContract<ItemRef, ItemLockResult>(
  'items.locks.heartbeat.v1',
  ItemRef,
);
