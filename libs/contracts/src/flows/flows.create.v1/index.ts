import { defineContract } from '@docket/platform';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsObject, IsOptional, IsString, IsUUID, Length, ValidateNested } from 'class-validator';

import { FlowDetailRecord, FlowGraphInput } from '../flow.records';

export class CreateFlowBody {
  @ApiProperty({ example: 'Motor claims intake' })
  @IsString()
  @Length(1, 200)
  name!: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Length(0, 2000)
  description?: string;

  @ApiPropertyOptional({
    type: FlowGraphInput,
    description: 'Initial draft; default: a single API trigger',
  })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => FlowGraphInput)
  graph?: FlowGraphInput;
}

export class CreateFlowRequest extends CreateFlowBody {
  @IsUUID('4') projectId!: string;
}

export const CreateFlowV1 = defineContract<CreateFlowRequest, FlowDetailRecord>(
  'flows.flows.create.v1',
  CreateFlowRequest,
);
