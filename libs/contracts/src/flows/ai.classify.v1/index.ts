import { defineContract } from '@docket/platform';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsObject,
  IsOptional,
  IsUUID,
} from 'class-validator';

import { AiBoxRecord, AiHostedUsageRecord, PreviewEnvironmentId } from '../ai.records';

export const AI_CLASSIFY_METHODS = ['rules', 'model'] as const;
export type AiClassifyMethod = (typeof AI_CLASSIFY_METHODS)[number];

/** POST /projects/{projectId}/ai/classify: an ai.classify node's configuration run on one file. */
export class AiClassifyBody {
  @ApiProperty({ format: 'uuid', description: 'A READY file of the project’s workspace' })
  @IsUUID('4')
  fileId!: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Classify only this document of the file (the whole file when absent)',
  })
  @IsOptional()
  @IsUUID('4')
  documentId?: string;

  @ApiProperty({
    type: Object,
    description:
      'Exactly an ai.classify node configuration: {classes: [{label, keywords?, patterns?, ' +
      'description?}], minConfidence?}',
  })
  @IsObject()
  config!: Record<string, unknown>;

  @ApiPropertyOptional({
    enum: AI_CLASSIFY_METHODS,
    isArray: true,
    description:
      'rules (weighted keywords and patterns) and/or model (the project’s classifier learned ' +
      'from reviewers’ confirmations). Default both; the model is skipped until it knows two ' +
      'classes.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(AI_CLASSIFY_METHODS.length)
  @IsIn(AI_CLASSIFY_METHODS, { each: true })
  methods?: AiClassifyMethod[];

  @PreviewEnvironmentId()
  environmentId?: string;
}

export class AiClassifyRequest extends AiClassifyBody {
  @IsUUID('4')
  projectId!: string;
}

export class AiClassScoreRecord {
  @ApiProperty() label!: string;
  @ApiProperty({ description: '0..1' }) confidence!: number;
}

export class AiPageClassRecord {
  @ApiProperty() pageNumber!: number;
  @ApiProperty({ nullable: true, type: String }) label!: string | null;
  @ApiProperty() confidence!: number;
}

/** A rule that fired: the keyword or pattern and where it stands on the page. */
export class AiClassEvidenceRecord {
  @ApiProperty() label!: string;
  @ApiProperty({ description: 'The keyword or pattern that matched' }) term!: string;
  @ApiProperty() page!: number;
  @ApiProperty({ type: AiBoxRecord, nullable: true }) box!: AiBoxRecord | null;
  @ApiProperty() weight!: number;
}

export class AiClassifyResult {
  @ApiProperty({ format: 'uuid' }) fileId!: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) documentId!: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'Null when no class reaches minConfidence',
  })
  label!: string | null;
  @ApiProperty({ description: '0..1' }) confidence!: number;
  @ApiProperty({ type: [AiClassScoreRecord], description: 'Every class, best first' })
  scores!: AiClassScoreRecord[];
  @ApiProperty({ enum: AI_CLASSIFY_METHODS, isArray: true, description: 'Methods that ran' })
  methods!: AiClassifyMethod[];
  @ApiProperty({ type: [AiPageClassRecord] }) pages!: AiPageClassRecord[];
  @ApiProperty({
    type: [AiClassEvidenceRecord],
    description: 'Groundings: where the rules of the chosen class matched',
  })
  evidence!: AiClassEvidenceRecord[];
  @ApiProperty({
    description: 'Version of the project’s learned model used (0 when none was used)',
  })
  modelVersion!: number;
  @ApiPropertyOptional({
    type: AiHostedUsageRecord,
    description: 'Present when the configuration’s hosted model took part (environmentId given)',
  })
  hostedModel?: AiHostedUsageRecord;
}

export const AiClassifyV1 = defineContract<AiClassifyRequest, AiClassifyResult>(
  'flows.ai.classify.v1',
  AiClassifyRequest,
);
