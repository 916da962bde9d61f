import { defineContract } from '@docket/platform';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsDefined,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Min,
  ValidateNested,
} from 'class-validator';

import { PageBoxRecord } from '../../common/page-box';
import { IsFieldValue } from '../field-value.validator';
import { FIELD_VALUE_SCHEMA, ItemFieldRecord } from '../records';
import type { JsonValue } from '../review-signal';
import { NormalizedBoxInput } from '../runs.write-fields.v1';

/** Where the reviewer found the value on the field's document. */
export class ReviewedPlacementBody {
  @ApiProperty({ minimum: 1, description: 'The page of the field’s document' })
  @IsInt()
  @Min(1)
  page!: number;

  @ApiProperty({ type: PageBoxRecord })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => NormalizedBoxInput)
  box!: NormalizedBoxInput;
}

/** Which field, at which version: what a reviewer saw when they acted on it. */
export class FieldVersionBody {
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

export class UpdateFieldBody extends FieldVersionBody {
  @ApiProperty({
    description: 'The new value: a scalar, an object, or an array of row objects',
    ...FIELD_VALUE_SCHEMA,
  })
  @IsFieldValue()
  value!: JsonValue;

  @ApiPropertyOptional({
    type: ReviewedPlacementBody,
    description:
      'Where the new value is printed (a document’s field only): it becomes the field’s ' +
      'grounding, and the project’s memory of the layout learns it when the review is submitted',
  })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ReviewedPlacementBody)
  grounding?: ReviewedPlacementBody;
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
