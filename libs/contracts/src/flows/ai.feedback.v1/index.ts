import { defineContract } from '@docket/platform';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

import { PageBoxRecord } from '../../common/page-box';
import { IsScalarFieldValue } from '../../items/field-value.validator';
import { NormalizedBoxInput } from '../../items/runs.write-fields.v1';
import {
  LAYOUT_FIELD_TYPES,
  LearnLayoutResult,
  MAX_LEARNED_FIELDS,
} from '../layout-memory.learn.v1';

/** The class label rule of an ai.classify node configuration. */
export const AI_CLASS_LABEL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 _.-]{0,63}$/;
export const AI_FEEDBACK_MAX_TEXT_LENGTH = 100_000;

/**
 * Where one field's value is on a page of the feedback's file: the project's memory of the
 * file's layout learns it (one-shot layout learning), as from a reviewer's submitted item.
 */
export class AiFeedbackFieldBody {
  @ApiProperty({ example: 'policy_number', description: 'The extraction field key' })
  @IsString()
  @Length(1, 200)
  key!: string;

  @ApiProperty({ enum: LAYOUT_FIELD_TYPES, description: 'The field type in the configuration' })
  @IsIn(LAYOUT_FIELD_TYPES)
  type!: (typeof LAYOUT_FIELD_TYPES)[number];

  @ApiProperty({
    oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }],
    example: 'HM-58120',
    description:
      'The right value, normalised as extraction returns it (dates ISO 8601, money its amount). ' +
      'Without page and box the value is looked for on the file’s pages, and a value printed ' +
      'in two places teaches nothing.',
  })
  @IsScalarFieldValue()
  value!: string | number | boolean;

  @ApiPropertyOptional({ minimum: 1, description: 'The page the value is on (with box)' })
  @ValidateIf((field: AiFeedbackFieldBody) => field.page !== undefined || field.box !== undefined)
  @IsInt({ message: 'page must be an integer from 1, given together with box' })
  @Min(1)
  page?: number;

  @ApiPropertyOptional({ type: PageBoxRecord, description: 'Where the value is (with page)' })
  @ValidateIf((field: AiFeedbackFieldBody) => field.page !== undefined || field.box !== undefined)
  @IsDefined({ message: 'box must be given together with page' })
  @IsObject()
  @ValidateNested()
  @Type(() => NormalizedBoxInput)
  box?: NormalizedBoxInput;
}

/**
 * A reviewer confirmed (or corrected) the class of a document: the project's learned
 * classifier is retrained with it. The document is a file (or one document of it) or its text.
 */
export class AiFeedbackBody {
  @ApiPropertyOptional({ format: 'uuid', description: 'The file; or give text' })
  @ValidateIf((body: AiFeedbackBody) => body.text === undefined || body.fileId !== undefined)
  @IsUUID('4', { message: 'fileId must be a UUID (give fileId or text)' })
  fileId?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'One document of fileId' })
  @IsOptional()
  @IsUUID('4')
  documentId?: string;

  @ApiPropertyOptional({
    maxLength: AI_FEEDBACK_MAX_TEXT_LENGTH,
    description: 'The document text, instead of a file',
  })
  @IsOptional()
  @IsString()
  @Length(1, AI_FEEDBACK_MAX_TEXT_LENGTH)
  text?: string;

  @ApiProperty({ example: 'claim-form', description: 'The class the reviewer confirmed' })
  @IsString()
  @Matches(AI_CLASS_LABEL_PATTERN, {
    message: 'label must be 1-64 letters, digits, spaces, _ . or -',
  })
  label!: string;

  @ApiPropertyOptional({
    description: 'The class this document was confirmed as before, when the reviewer corrects it',
  })
  @IsOptional()
  @IsString()
  @Matches(AI_CLASS_LABEL_PATTERN, {
    message: 'replacesLabel must be 1-64 letters, digits, spaces, _ . or -',
  })
  replacesLabel?: string;

  @ApiPropertyOptional({
    type: [AiFeedbackFieldBody],
    maxItems: MAX_LEARNED_FIELDS,
    description:
      'Confirmed or corrected field values of the file (fileId only): the project remembers ' +
      'where this layout holds them and reads the next document of the layout there first',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_LEARNED_FIELDS)
  @ValidateNested({ each: true })
  @Type(() => AiFeedbackFieldBody)
  fields?: AiFeedbackFieldBody[];
}

export const AI_FEEDBACK_IDEMPOTENCY_KEY_MAX_LENGTH = 200;

export class AiFeedbackRequest extends AiFeedbackBody {
  @IsUUID('4')
  projectId!: string;

  /**
   * Internal callers (a run's review step) name each confirmation; the model learns a key once
   * per project, so a retried call returns the current model without training it again.
   */
  @IsOptional()
  @IsString()
  @Length(1, AI_FEEDBACK_IDEMPOTENCY_KEY_MAX_LENGTH)
  idempotencyKey?: string;
}

export class AiModelClassRecord {
  @ApiProperty() label!: string;
  @ApiProperty({ description: 'Documents the model has learned for the class' }) documents!: number;
}

export class AiFeedbackResult {
  @ApiProperty({ format: 'uuid' }) projectId!: string;
  @ApiProperty({ description: 'The stored model version after this feedback' })
  modelVersion!: number;
  @ApiProperty({ type: [AiModelClassRecord] }) classes!: AiModelClassRecord[];
  @ApiPropertyOptional({
    type: () => LearnLayoutResult,
    description: 'What the file’s layout learned, when the feedback gave fields',
  })
  layout?: LearnLayoutResult;
}

export const AiFeedbackV1 = defineContract<AiFeedbackRequest, AiFeedbackResult>(
  'flows.ai.feedback.v1',
  AiFeedbackRequest,
);
