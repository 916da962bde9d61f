import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';

import { PageBoxRecord } from '../common/page-box';

/*
 * Records shared by the AI preview contracts (flows.ai.*.v1). Boxes are normalised to the page
 * (0..1, origin top-left) in the same {x, y, width, height} shape as an item field's grounding.
 */

/** The API's one box format (see PageBoxRecord), under the name the AI records use. */
export class AiBoxRecord extends PageBoxRecord {}

export class AiGroundingWordRecord {
  @ApiProperty() text!: string;
  @ApiProperty({ type: AiBoxRecord }) box!: AiBoxRecord;
  @ApiProperty({ description: '0..1; OCR confidence, 1 for digital text' }) confidence!: number;
}

export class AiGroundingRecord {
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) documentId!: string | null;
  @ApiProperty({ description: '1-based page of the file' }) page!: number;
  @ApiProperty({ type: AiBoxRecord, description: 'Union of the words used' }) box!: AiBoxRecord;
  @ApiProperty({ type: [AiGroundingWordRecord] }) words!: AiGroundingWordRecord[];
}

export class AiPreviewSource {
  @ApiProperty({ format: 'uuid' }) fileId!: string;
  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Only this document of the file; every document of the file when absent',
  })
  documentId?: string;
}

/** What a preview's calls to a hosted model cost (present when the model was configured and used). */
export class AiHostedUsageRecord {
  @ApiProperty({ description: 'Calls made to the model' }) calls!: number;
  @ApiProperty({ description: 'The provider and model, e.g. openai-compatible:gpt-4o-mini' })
  model!: string;
  @ApiProperty() promptTokens!: number;
  @ApiProperty() completionTokens!: number;
}

/** `environmentId` of a preview: where the key of the configuration's hosted model is read. */
export function PreviewEnvironmentId(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      format: 'uuid',
      description:
        'With a `hosted` model in the configuration: the environment whose variables hold its ' +
        'API key (the project’s value, else its workspace’s), so the preview calls the model ' +
        'as a run in that environment would. Without it the preview leaves the hosted model out.',
    }),
    IsOptional(),
    IsUUID('4'),
  );
}
