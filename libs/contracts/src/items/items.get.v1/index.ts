import { defineContract } from '@docket/platform';
import { IsOptional, IsUUID } from 'class-validator';

import { ItemRecord } from '../records';

export class GetItemRequest {
  @IsUUID('4')
  itemId!: string;

  /** When given, the item must belong to this project. */
  @IsOptional()
  @IsUUID('4')
  projectId?: string;
}

export const GetItemV1 = defineContract<GetItemRequest, ItemRecord>(
  'items.items.get.v1',
  GetItemRequest,
);
