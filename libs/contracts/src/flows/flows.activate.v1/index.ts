import { defineContract } from '@docket/platform';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, Matches } from 'class-validator';

import { FlowRecord, VERSION_PATTERN } from '../flow.records';

export class ActivateFlowBody {
  @ApiPropertyOptional({ example: 'v1.0.0', description: 'Default: the latest version' })
  @IsOptional()
  @IsString()
  @Matches(VERSION_PATTERN, { message: 'version must look like vN.N.N' })
  version?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Environment of the runs the trigger starts (file and schedule triggers)',
  })
  @IsOptional()
  @IsUUID('4')
  environmentId?: string;
}

export class ActivateFlowRequest extends ActivateFlowBody {
  @IsUUID('4') flowId!: string;
}

export const ActivateFlowV1 = defineContract<ActivateFlowRequest, FlowRecord>(
  'flows.flows.activate.v1',
  ActivateFlowRequest,
);
