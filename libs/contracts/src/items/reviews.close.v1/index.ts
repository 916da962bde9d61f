import { defineContract } from '@docket/platform';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, Length } from 'class-validator';

import { ItemRecord } from '../records';

export class CloseItemBody {
  @ApiPropertyOptional({ maxLength: 1000 })
  @IsOptional()
  @IsString()
  @Length(1, 1000)
  reason?: string;
}

export class CloseItemRequest extends CloseItemBody {
  @IsUUID('4')
  itemId!: string;
}

export const CloseItemV1 = defineContract<CloseItemRequest, ItemRecord>(
  'items.reviews.close.v1',
  CloseItemRequest,
);
