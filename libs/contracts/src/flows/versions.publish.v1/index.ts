import { defineContract } from '@docket/platform';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, IsUUID, Length } from 'class-validator';

import { FlowVersionRecord, VERSION_BUMPS, VersionBump } from '../flow.records';

export class PublishFlowBody {
  @ApiProperty({
    enum: VERSION_BUMPS,
    description: 'Which part of vMAJOR.MINOR.PATCH to raise; the first publish is v1.0.0',
  })
  @IsIn(VERSION_BUMPS)
  bump!: VersionBump;

  @ApiPropertyOptional({ example: 'Adds the late-notice route' })
  @IsOptional()
  @IsString()
  @Length(1, 2000)
  notes?: string;
}

export class PublishFlowRequest extends PublishFlowBody {
  @IsUUID('4') flowId!: string;
}

export const PublishFlowV1 = defineContract<PublishFlowRequest, FlowVersionRecord>(
  'flows.versions.publish.v1',
  PublishFlowRequest,
);
