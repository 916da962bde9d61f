import { defineContract } from '@docket/platform';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, IsUUID, Length, Min } from 'class-validator';

import { IsFieldValue } from '../field-value.validator';
import { ItemFieldRecord } from '../records';
import type { JsonValue } from '../review-signal';

export class UpdateFieldBody {
  @ApiProperty({
    description: 'The new value: a scalar, an object, or an array of row objects',
    oneOf: [
      { type: 'string' },
      { type: 'number' },
      { type: 'boolean' },
      { type: 'object' },
      { type: 'array', items: { type: 'object' } },
    ],
    nullable: true,
  })
  @IsFieldValue()
  value!: JsonValue;

  @ApiProperty({
    description: 'The version you read; a different current version is a 409 VERSION_CONFLICT',
  })
  @IsInt()
  @Min(1)
  expectedVersion!: number;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Which document the field belongs to; omit for an item-level field',
  })
  @IsOptional()
  @IsUUID('4')
  documentId?: string;
}

export class UpdateFieldRequest extends UpdateFieldBody {
  @IsUUID('4')
  itemId!: string;

  @IsString()
  @Length(1, 200)
  key!: string;
}

export type UpdatedField = ItemFieldRecord;

/** A new version of one field by the lock holder, checked against the version it read. */
export const UpdateItemFieldV1 = defineContract<UpdateFieldRequest, UpdatedField>(
  'items.fields.update.v1',
  UpdateFieldRequest,
);
