import { defineContract } from '@docket/platform';
import { IsOptional, IsString, Length } from 'class-validator';

import { ItemRecord } from '../records';
import { RunItemCommand } from '../run-command';

/** At least one of summary or insight; an omitted one is left as it is. */
export class SetItemSummaryRequest extends RunItemCommand {
  @IsOptional()
  @IsString()
  @Length(0, 20000)
  summary?: string;

  @IsOptional()
  @IsString()
  @Length(0, 20000)
  insight?: string;
}

export const SetItemSummaryV1 = defineContract<SetItemSummaryRequest, ItemRecord>(
  'items.runs.set-summary.v1',
  SetItemSummaryRequest,
);
