import { defineContract, StrictInteger } from '@docket/platform';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';

import { LockSessionBody } from '../locks.acquire.v1';
import { ItemLockRecord } from '../records';

/** Under the services' request timeout, so a watch always answers before its call times out. */
export const LOCK_WATCH_MAX_SECONDS = 10;

export class WatchLockQuery extends LockSessionBody {
  @ApiPropertyOptional({
    minimum: 0,
    maximum: LOCK_WATCH_MAX_SECONDS,
    description:
      'While the lock is yours (this session), wait up to this many seconds for that to ' +
      'change before answering; 0 (default) answers at once',
  })
  @IsOptional()
  @StrictInteger()
  @IsInt()
  @Min(0)
  @Max(LOCK_WATCH_MAX_SECONDS)
  waitSeconds?: number;
}

export class WatchLockRequest extends WatchLockQuery {
  @IsUUID('4')
  itemId!: string;
}

export class ItemLockState {
  @ApiProperty({ format: 'uuid' }) itemId!: string;
  @ApiPropertyOptional({ type: ItemLockRecord, nullable: true, description: 'null when free' })
  lock!: ItemLockRecord | null;
  @ApiProperty({ description: 'The live lock is yours, held by this session' })
  yours!: boolean;
}

/**
 * The item's live lock; with waitSeconds, a long poll that answers as soon as the caller's
 * session no longer holds it (an Admin took it over, another tab took it, it lapsed).
 */
export const WatchItemLockV1 = defineContract<WatchLockRequest, ItemLockState>(
  'items.locks.watch.v1',
  WatchLockRequest,
);
