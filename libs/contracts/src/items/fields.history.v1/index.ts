import { defineContract } from '@docket/platform';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, Length } from 'class-validator';

import { FIELD_VALUE_SCHEMA, ItemUserRef } from '../records';
import type { JsonValue } from '../review-signal';

/** Versions shown per field, newest first; a field corrected more often keeps them all stored. */
export const FIELD_HISTORY_MAX = 100;

export class FieldHistoryQuery {
  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Which document the field belongs to; omit for an item-level field',
  })
  @IsOptional()
  @IsUUID('4')
  documentId?: string;
}

export class FieldHistoryRequest extends FieldHistoryQuery {
  @IsUUID('4')
  itemId!: string;

  @IsString()
  @Length(1, 200)
  key!: string;
}

export class FieldVersionRecord {
  @ApiProperty() version!: number;
  @ApiProperty(FIELD_VALUE_SCHEMA)
  value!: JsonValue;
  @ApiProperty({ enum: ['extraction', 'review'], description: 'Who wrote it: the run or a person' })
  source!: string;
  @ApiPropertyOptional({ type: ItemUserRef, nullable: true, description: 'The reviewer' })
  author!: ItemUserRef | null;
  @ApiPropertyOptional({ nullable: true, type: Number }) confidence!: number | null;
  @ApiProperty() flagged!: boolean;
  @ApiProperty({ type: [String] }) flagReasons!: string[];
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class FieldHistory {
  @ApiProperty({
    type: [FieldVersionRecord],
    description: `Newest first, at most ${FIELD_HISTORY_MAX}`,
  })
  data!: FieldVersionRecord[];
}

/** Every stored version of one field (its edit history), newest first. */
export const GetFieldHistoryV1 = defineContract<FieldHistoryRequest, FieldHistory>(
  'items.fields.history.v1',
  FieldHistoryRequest,
);
