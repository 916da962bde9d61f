import { defineContract } from '@docket/platform';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsOptional, IsString, IsUUID, Length } from 'class-validator';

import { ItemRecord } from '../records';

export class DeferItemBody {
  @ApiPropertyOptional({
    format: 'date-time',
    description: 'When the item returns to REVIEW by itself; omitted = until a reviewer resumes it',
  })
  @IsOptional()
  @IsISO8601({ strict: true })
  until?: string;

  @ApiPropertyOptional({ maxLength: 1000 })
  @IsOptional()
  @IsString()
  @Length(1, 1000)
  reason?: string;
}

export class DeferItemRequest extends DeferItemBody {
  @IsUUID('4')
  itemId!: string;
}

export const DeferItemV1 = defineContract<DeferItemRequest, ItemRecord>(
  'items.reviews.defer.v1',
  DeferItemRequest,
);
