import { defineContract } from '@docket/platform';

import { ItemLockResult, ItemRef } from '../records';

/** Admin only: takes the lock at once whoever holds it; audited. */
export const TakeOverItemLockV1 = defineContract<ItemRef, ItemLockResult>(
  'items.locks.take-over.v1',
  ItemRef,
);
