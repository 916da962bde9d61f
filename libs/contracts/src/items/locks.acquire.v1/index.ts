import { defineContract } from '@docket/platform';

import { ItemLockResult, ItemRef } from '../records';

/*
 * Human review. One reviewer works an item at a time under a lock; every write checks that the
 * caller holds a lock that has not lapsed. The caller is the actor of the call.
 */

/** Takes a free or lapsed lock (an idle takeover), or renews one's own. */
export const AcquireItemLockV1 = defineContract<ItemRef, ItemLockResult>(
  'items.locks.acquire.v1',
  ItemRef,
);
