import { defineContract, Page, StrictInteger } from '@docket/platform';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';

import {
  ITEM_SORT_FIELDS,
  ItemFiltersQuery,
  ITEMS_PAGE_SIZE_DEFAULT,
  ITEMS_PAGE_SIZE_MAX,
  ItemSortField,
  SORT_ORDERS,
  SortOrder,
} from '../item-filters';
import { ItemSummaryRecord } from '../records';

export class ListItemsRequest extends ItemFiltersQuery {
  @ApiPropertyOptional({ minimum: 1, default: 1, description: '1-indexed page' })
  @IsOptional()
  @StrictInteger()
  @IsInt()
  @Min(1)
  page?: number;

  @ApiPropertyOptional({
    minimum: 1,
    maximum: ITEMS_PAGE_SIZE_MAX,
    default: ITEMS_PAGE_SIZE_DEFAULT,
  })
  @IsOptional()
  @StrictInteger()
  @IsInt()
  @Min(1)
  @Max(ITEMS_PAGE_SIZE_MAX)
  limit?: number;

  @ApiPropertyOptional({ enum: ITEM_SORT_FIELDS, default: 'createdAt' })
  @IsOptional()
  @IsIn(ITEM_SORT_FIELDS)
  sortBy?: ItemSortField;

  @ApiPropertyOptional({ enum: SORT_ORDERS, default: 'desc' })
  @IsOptional()
  @IsIn(SORT_ORDERS)
  sortOrder?: SortOrder;
}

export type ItemPage = Page<ItemSummaryRecord>;

export const ListItemsV1 = defineContract<ListItemsRequest, ItemPage>(
  'items.items.list.v1',
  ListItemsRequest,
);
