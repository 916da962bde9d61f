import { defineContract } from '@docket/platform';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, Length, Matches, ValidateIf } from 'class-validator';

/** The class label rule of an ai.classify node configuration. */
export const AI_CLASS_LABEL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 _.-]{0,63}$/;
export const AI_FEEDBACK_MAX_TEXT_LENGTH = 100_000;

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
}

export const AiFeedbackV1 = defineContract<AiFeedbackRequest, AiFeedbackResult>(
  'flows.ai.feedback.v1',
  AiFeedbackRequest,
);
