import { defineContract } from '@docket/platform';
import { ApiProperty } from '@nestjs/swagger';

import { LockSessionRequest } from '../locks.acquire.v1';

export class LockReleased {
  @ApiProperty({ format: 'uuid' }) itemId!: string;
  @ApiProperty({
    description: 'False when you held no lock, or another session of yours holds it',
  })
  released!: boolean;
}

export const ReleaseItemLockV1 = defineContract<LockSessionRequest, LockReleased>(
  'items.locks.release.v1',
  LockSessionRequest,
);
