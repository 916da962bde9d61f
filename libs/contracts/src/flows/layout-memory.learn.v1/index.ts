import { defineContract } from '@docket/platform';
import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Min,
  ValidateNested,
} from 'class-validator';

import { NormalizedBoxInput } from '../../items/runs.write-fields.v1';
import { SCALAR_FIELD_TYPES } from '../field-types';

/** A review never names more fields than an extraction schema holds. */
export const MAX_LEARNED_FIELDS = 500;

/** A review never names more tables than an extraction schema holds, nor rows than a page set prints. */
export const MAX_LEARNED_TABLES = 50;
export const MAX_LEARNED_TABLE_ROWS = 2000;

/** Field types a position can be learned for: one value at one place on the page. */
export const LAYOUT_FIELD_TYPES = SCALAR_FIELD_TYPES;

/** One field a reviewer confirmed or corrected, as the run's review gate reports it. */
export class LearnedFieldInput {
  @IsString()
  @Length(1, 200)
  key!: string;

  /** The extraction schema's type of the field (string, date, money, ...). */
  @IsString()
  @Length(1, 20)
  type!: string;

  /**
   * The value the reviewer submitted (a scalar, or a money object); null when the reviewer
   * submitted the field empty: the layout may leave it blank (it places nothing).
   */
  @Allow()
  value!: unknown;

  /** Where the value is, when the review knows it (a confirmed field's grounding). */
  @IsOptional()
  @IsInt()
  @Min(1)
  page?: number;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => NormalizedBoxInput)
  box?: NormalizedBoxInput;
}

/**
 * A table a reviewer confirmed or corrected: its rows as submitted (column key to value). Where
 * each row is printed is found from its values, and teaches the layout the table's columns,
 * their headers and its row spacing.
 */
export class LearnedTableInput {
  @IsString()
  @Length(1, 200)
  key!: string;

  @IsArray()
  @ArrayMaxSize(MAX_LEARNED_TABLE_ROWS)
  @IsObject({ each: true })
  rows!: Array<Record<string, unknown>>;
}

/**
 * flows.layout-memory.learn.v1 (internal, from the worker's review gate): the project remembers
 * where a reviewed document of this layout holds each field. Idempotent per key, so a retried
 * activity learns once.
 */
export class LearnLayoutRequest {
  @IsUUID('4')
  projectId!: string;

  @IsUUID('4')
  fileId!: string;

  @IsOptional()
  @IsUUID('4')
  documentId?: string;

  @IsArray()
  @ArrayMaxSize(MAX_LEARNED_FIELDS)
  @ValidateNested({ each: true })
  @Type(() => LearnedFieldInput)
  fields!: LearnedFieldInput[];

  /** The review's tables; absent from callers that send only scalar fields. */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_LEARNED_TABLES)
  @ValidateNested({ each: true })
  @Type(() => LearnedTableInput)
  tables?: LearnedTableInput[];

  @IsString()
  @Length(1, 200)
  idempotencyKey!: string;
}

/** What a reviewed document taught its layout (also in ai/feedback's answer). */
export class LearnLayoutResult {
  @ApiProperty({ description: 'False when no field could be placed on the file’s pages' })
  learned!: boolean;
  @ApiProperty({ description: 'Fields the layout’s memory holds after learning' })
  fields!: number;
  @ApiProperty({ description: 'The layout memory’s version after learning (0: nothing learned)' })
  version!: number;
}

export const LearnLayoutV1 = defineContract<LearnLayoutRequest, LearnLayoutResult>(
  'flows.layout-memory.learn.v1',
  LearnLayoutRequest,
);
