import { defineContract } from '@docket/platform';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';

import { IsFieldValue } from '../field-value.validator';
import type { JsonValue } from '../review-signal';
import { RunItemCommand } from '../run-command';

export const MAX_FIELDS_PER_WRITE = 2000;

export class NormalizedBoxInput {
  @IsNumber()
  @Min(0)
  @Max(1)
  x!: number;

  @IsNumber()
  @Min(0)
  @Max(1)
  y!: number;

  @IsNumber()
  @Min(0)
  @Max(1)
  width!: number;

  @IsNumber()
  @Min(0)
  @Max(1)
  height!: number;
}

export class FieldGroundingInput {
  @IsUUID('4')
  documentId!: string;

  @IsInt()
  @Min(1)
  page!: number;

  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => NormalizedBoxInput)
  box!: NormalizedBoxInput;

  /** Set by a reviewer's edit that said where its value is; extraction never sets it. */
  @IsOptional()
  @IsBoolean()
  placedByReviewer?: boolean;
}

export class FieldWriteInput {
  @IsString()
  @Length(1, 200)
  key!: string;

  @IsString()
  @Length(1, 64)
  type!: string;

  @IsFieldValue()
  value!: JsonValue;

  /** Omit for a field extracted for the item as a whole. */
  @IsOptional()
  @IsUUID('4')
  documentId?: string;

  @IsOptional()
  @IsNumber()
  @Min(0)
  @Max(1)
  confidence?: number;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => FieldGroundingInput)
  grounding?: FieldGroundingInput[];

  @IsOptional()
  @IsBoolean()
  flagged?: boolean;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @Length(1, 500, { each: true })
  flagReasons?: string[];
}

/** Each field named here gets a new version (version 1 when it is new). */
export class WriteItemFieldsRequest extends RunItemCommand {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_FIELDS_PER_WRITE)
  @ValidateNested({ each: true })
  @Type(() => FieldWriteInput)
  fields!: FieldWriteInput[];

  /**
   * The flow's field definitions and rules as the extraction used them ({fields,
   * crossFieldRules?, defaultConfidenceThreshold?}); kept with the item so a reviewer's edit is
   * checked by its field's type and re-validated by the same rules.
   */
  @IsOptional()
  @IsObject()
  rules?: ReviewRulesInput;
}

/** The extraction configuration's rule-bearing part, as the flows service validated it. */
export interface ReviewRulesInput {
  /** JSON the items service checks before it trusts it (the engine's types live above contracts). */
  fields: readonly object[];
  crossFieldRules?: readonly object[];
  defaultConfidenceThreshold?: number;
}

/** Bounds the rules kept per item (a flow has at most 200 fields). */
export const MAX_REVIEW_RULES_BYTES = 256 * 1024;

export interface WrittenFieldVersion {
  key: string;
  documentId: string | null;
  fieldVersionId: string;
  version: number;
}

export interface WriteItemFieldsResult {
  itemId: string;
  fields: WrittenFieldVersion[];
}

/** Writes fields: a new stored version per field each time; the API serves only the current. */
export const WriteItemFieldsV1 = defineContract<WriteItemFieldsRequest, WriteItemFieldsResult>(
  'items.runs.write-fields.v1',
  WriteItemFieldsRequest,
);
