import { defineContract } from '@docket/platform';
import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

import { LockSessionBody } from '../locks.acquire.v1';
import { ItemRecord } from '../records';

export class ClaimNextItemBody extends LockSessionBody {
  @ApiProperty({ format: 'uuid', description: 'The project whose review queue to take from' })
  @IsUUID('4')
  projectId!: string;
}

/**
 * The review queue: locks the oldest item in REVIEW of the project that nobody holds, for the
 * caller (and session), and returns it; NOT_FOUND when none is left. Concurrent callers never
 * get the same item.
 */
export const ClaimNextItemV1 = defineContract<ClaimNextItemBody, ItemRecord>(
  'items.reviews.claim-next.v1',
  ClaimNextItemBody,
);
