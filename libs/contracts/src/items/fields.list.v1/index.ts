import { defineContract, Page, StrictInteger } from '@docket/platform';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, IsUUID, Length, Max, Min } from 'class-validator';

import { FIELDS_PAGE_MAX, FIELDS_PAGE_SIZE_DEFAULT, FIELDS_PAGE_SIZE_MAX } from '../item-filters';
import { ItemFieldRecord } from '../records';

export class ListItemFieldsQuery {
  @ApiProperty({ format: 'uuid', description: 'Required; the item must belong to it' })
  @IsUUID('4')
  projectId!: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Only this document; omitted = document-scoped and item-level fields',
  })
  @IsOptional()
  @IsUUID('4')
  documentId?: string;

  @ApiPropertyOptional({ description: 'Exact key (not a prefix or pattern)' })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  key?: string;

  @ApiPropertyOptional({ description: 'Exact declared type' })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  type?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: FIELDS_PAGE_MAX, default: 1 })
  @IsOptional()
  @StrictInteger()
  @IsInt()
  @Min(1)
  @Max(FIELDS_PAGE_MAX)
  page?: number;

  @ApiPropertyOptional({
    minimum: 1,
    maximum: FIELDS_PAGE_SIZE_MAX,
    default: FIELDS_PAGE_SIZE_DEFAULT,
    description: `Default ${FIELDS_PAGE_SIZE_DEFAULT} (the service-wide page size)`,
  })
  @IsOptional()
  @StrictInteger()
  @IsInt()
  @Min(1)
  @Max(FIELDS_PAGE_SIZE_MAX)
  limit?: number;
}

export class ListItemFieldsRequest extends ListItemFieldsQuery {
  @IsUUID('4')
  itemId!: string;
}

export type ItemFieldPage = Page<ItemFieldRecord>;

export const ListItemFieldsV1 = defineContract<ListItemFieldsRequest, ItemFieldPage>(
  'items.fields.list.v1',
  ListItemFieldsRequest,
);
