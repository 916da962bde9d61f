import { defineContract } from '@docket/platform';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsDefined,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  ValidateNested,
} from 'class-validator';

import { FlowDetailRecord, FlowGraphInput } from '../flow.records';

export class SaveDraftBody {
  @ApiProperty({ type: FlowGraphInput })
  // ValidateNested alone lets a missing graph through (it validates only values present).
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => FlowGraphInput)
  graph!: FlowGraphInput;

  @ApiPropertyOptional({ description: 'Rename the flow with the same save' })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  name?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Length(0, 2000)
  description?: string;
}

export class SaveDraftRequest extends SaveDraftBody {
  @IsUUID('4') flowId!: string;
}

export const SaveFlowDraftV1 = defineContract<SaveDraftRequest, FlowDetailRecord>(
  'flows.drafts.save.v1',
  SaveDraftRequest,
);
