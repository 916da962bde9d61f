import { defineContract } from '@docket/platform';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional, IsUUID } from 'class-validator';

import { AiGroundingRecord, AiHostedUsageRecord, PreviewEnvironmentId } from '../ai.records';
import { ExtractionConfigRecord } from '../extraction-config.records';

/** POST /projects/{projectId}/ai/extract: an ai.extract node's configuration run on one file. */
export class AiExtractBody {
  @ApiProperty({ format: 'uuid', description: 'A READY file of the project’s workspace' })
  @IsUUID('4')
  fileId!: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Extract only from this document of the file (every document when absent)',
  })
  @IsOptional()
  @IsUUID('4')
  documentId?: string;

  @ApiProperty({
    type: ExtractionConfigRecord,
    description: 'Exactly an ai.extract node configuration; unknown settings are a 400',
  })
  @IsObject()
  config!: Record<string, unknown>;

  @PreviewEnvironmentId()
  environmentId?: string;
}

export class AiExtractRequest extends AiExtractBody {
  @IsUUID('4')
  projectId!: string;
}

export class AiExtractedCellRecord {
  @ApiProperty({ nullable: true, description: 'Parsed and normalised by the column type' })
  value!: unknown;
  @ApiProperty() confidence!: number;
  @ApiProperty({ type: AiGroundingRecord, nullable: true }) grounding!: AiGroundingRecord | null;
}

export class AiExtractedRowRecord {
  @ApiProperty() confidence!: number;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'By column key: {value, confidence, grounding}',
  })
  cells!: Record<string, AiExtractedCellRecord>;
}

export class AiExtractedFieldRecord {
  @ApiProperty() key!: string;
  @ApiProperty() type!: string;
  @ApiProperty({
    nullable: true,
    description: 'Normalised: dates ISO 8601, money {amount, currency}, tables an array of rows',
  })
  value!: unknown;
  @ApiProperty({ description: '0..1' }) confidence!: number;
  @ApiProperty({
    format: 'uuid',
    nullable: true,
    type: String,
    description: 'Null for item-level fields (scope item)',
  })
  documentId!: string | null;
  @ApiProperty({ type: AiGroundingRecord, nullable: true }) grounding!: AiGroundingRecord | null;
  @ApiProperty({ description: 'The engine doubts the value: a reviewer should look' })
  flagged!: boolean;
  @ApiProperty({
    type: [String],
    description:
      'Why: "not found on the page", "required value missing", "not a valid <type> at its ' +
      'caption: …", "ambiguous: … scored close", "weak caption match: …", "no caption found; ' +
      'taken by pattern only", a confidence under threshold, a failed validation rule',
  })
  flagReasons!: string[];
  @ApiProperty({
    enum: [
      'label-right',
      'label-below',
      'pattern',
      'table',
      'section',
      'hosted',
      'layout-memory',
      'not-found',
    ],
    description:
      'How the value was found: right of or below its caption, by pattern, in a table or a ' +
      'section, by the hosted model, where a reviewer showed it on a document of this layout ' +
      '(layout-memory: one-shot learning from reviews), or not at all',
  })
  source!: string;
  @ApiPropertyOptional({ type: [AiExtractedRowRecord], description: 'Table fields only' })
  rows?: AiExtractedRowRecord[];
}

export class AiExtractResult {
  @ApiProperty({ format: 'uuid' }) fileId!: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) documentId!: string | null;
  @ApiProperty({ description: 'True when any field is flagged: a run would need a reviewer' })
  needsReview!: boolean;
  @ApiProperty({ type: [AiExtractedFieldRecord] }) fields!: AiExtractedFieldRecord[];
  @ApiPropertyOptional({
    type: AiHostedUsageRecord,
    description: 'Present when the configuration’s hosted model took part (environmentId given)',
  })
  hostedModel?: AiHostedUsageRecord;
}

export const AiExtractV1 = defineContract<AiExtractRequest, AiExtractResult>(
  'flows.ai.extract.v1',
  AiExtractRequest,
);
