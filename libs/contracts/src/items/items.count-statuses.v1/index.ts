import { defineContract } from '@docket/platform';
import { ApiProperty } from '@nestjs/swagger';

import { ItemFiltersQuery } from '../item-filters';
import { ITEM_STATUSES, ItemStatus } from '../records';

export class CountItemStatusesRequest extends ItemFiltersQuery {}

export class StatusCount {
  @ApiProperty({ enum: ITEM_STATUSES }) status!: ItemStatus;
  @ApiProperty() count!: number;
}

export class ItemStatusCounts {
  @ApiProperty({ type: [StatusCount], description: 'One per status present; CANCELED hidden' })
  data!: StatusCount[];
}

export const CountItemStatusesV1 = defineContract<CountItemStatusesRequest, ItemStatusCounts>(
  'items.items.count-statuses.v1',
  CountItemStatusesRequest,
);
