import { defineContract } from '@docket/platform';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsObject, IsOptional, IsUUID } from 'class-validator';

import { MAX_RUN_FILES, RunStarted } from '../execution.records';

export class RunFlowBody {
  @ApiPropertyOptional({
    type: Object,
    description: 'Input data of the run, visible to expressions as `input`',
    example: { policyNumber: 'PN-1001' },
  })
  @IsOptional()
  @IsObject()
  input?: Record<string, unknown>;

  @ApiPropertyOptional({
    type: [String],
    description: `Files to process (up to ${MAX_RUN_FILES}), from POST /files`,
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_RUN_FILES)
  @IsUUID('4', { each: true })
  fileIds?: string[];

  @ApiPropertyOptional({ format: 'uuid', description: 'Environment whose variables the run uses' })
  @IsOptional()
  @IsUUID('4')
  environmentId?: string;

  @ApiPropertyOptional({
    description:
      'Run the current draft as a test run (Admin and Partner): marked test, listed apart, ' +
      'and write-back nodes only record what they would send',
    default: false,
  })
  @IsOptional()
  @IsBoolean()
  draft?: boolean;
}

export class RunFlowRequest extends RunFlowBody {
  @IsUUID('4') flowId!: string;
}

export const RunFlowV1 = defineContract<RunFlowRequest, RunStarted>(
  'flows.runs.start.v1',
  RunFlowRequest,
);
