import { defineContract } from '@docket/platform';
import { IsIn, IsOptional, IsString, Length } from 'class-validator';

import { ItemRecord, RUN_ITEM_STATUSES, RunItemStatus } from '../records';
import { RunItemCommand } from '../run-command';

export class MoveItemStatusRequest extends RunItemCommand {
  @IsIn(RUN_ITEM_STATUSES)
  status!: RunItemStatus;

  @IsOptional()
  @IsString()
  @Length(1, 1000)
  reason?: string;

  /** With REVIEW: what the flow's review step tells the reviewer (shown on the item page). */
  @IsOptional()
  @IsString()
  @Length(1, 2000)
  reviewInstructions?: string;
}

/** Moves the item through the state machine; an illegal transition is INVALID_STATE_TRANSITION. */
export const MoveItemStatusV1 = defineContract<MoveItemStatusRequest, ItemRecord>(
  'items.runs.move-status.v1',
  MoveItemStatusRequest,
);
