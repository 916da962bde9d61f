import { defineContract } from '@docket/platform';
import { ApiProperty } from '@nestjs/swagger';

import { ItemRecord, ItemRef } from '../records';

export class SubmitReviewResult {
  @ApiProperty({ type: ItemRecord }) item!: ItemRecord;
  @ApiProperty({ format: 'uuid' }) reviewId!: string;
  @ApiProperty({
    description:
      'Whether the run was signalled already; if not, delivery is retried in the background',
  })
  runSignalled!: boolean;
}

/** Records the review, releases the lock and signals the run (review-signal.ts). */
export const SubmitItemReviewV1 = defineContract<ItemRef, SubmitReviewResult>(
  'items.reviews.submit.v1',
  ItemRef,
);
