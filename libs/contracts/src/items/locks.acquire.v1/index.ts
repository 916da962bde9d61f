import { defineContract } from '@docket/platform';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, IsUUID, Matches } from 'class-validator';

import { ItemLockResult } from '../records';

/*
 * Human review. One reviewer works an item at a time under a lock; every write checks that the
 * caller holds a lock that has not lapsed. The caller is the actor of the call.
 */

export const LOCK_SESSION_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** Which browser session (tab) of the caller the lock is for. */
export class LockSessionBody {
  @ApiPropertyOptional({
    pattern: LOCK_SESSION_PATTERN.source,
    description:
      'An id the client makes up per browser tab (8-64 letters, digits, - or _). With it, a ' +
      'second tab of the same person does not share, renew or release the first tab’s lock',
  })
  @IsOptional()
  @IsString()
  @Matches(LOCK_SESSION_PATTERN, { message: 'session must be 8-64 letters, digits, - or _' })
  session?: string;
}

export class AcquireLockBody extends LockSessionBody {
  @ApiPropertyOptional({
    description:
      'Take the lock from another session of your own (you continue here; the other tab ' +
      'learns it); never from another person',
  })
  @IsOptional()
  @IsBoolean()
  replaceOwnSession?: boolean;
}

export class AcquireLockRequest extends AcquireLockBody {
  @IsUUID('4')
  itemId!: string;
}

export class LockSessionRequest extends LockSessionBody {
  @IsUUID('4')
  itemId!: string;
}

/** Takes a free or lapsed lock (an idle takeover), or renews one's own. */
export const AcquireItemLockV1 = defineContract<AcquireLockRequest, ItemLockResult>(
  'items.locks.acquire.v1',
  AcquireLockRequest,
);
