import { defineContract } from '@docket/platform';
import { ApiProperty } from '@nestjs/swagger';

import { ItemRef } from '../records';

export class LockReleased {
  @ApiProperty({ format: 'uuid' }) itemId!: string;
  @ApiProperty({ description: 'False when you held no lock (nothing to release)' })
  released!: boolean;
}

export const ReleaseItemLockV1 = defineContract<ItemRef, LockReleased>(
  'items.locks.release.v1',
  ItemRef,
);
