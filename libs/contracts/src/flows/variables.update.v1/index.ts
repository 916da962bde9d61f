import { defineContract } from '@docket/platform';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, Length, Matches } from 'class-validator';

import {
  MAX_VARIABLE_VALUE_LENGTH,
  VARIABLE_NAME_PATTERN,
  VariableRecord,
} from '../variable.records';

export class UpdateVariableBody {
  @ApiPropertyOptional({ description: 'The new value; stored encrypted' })
  @IsOptional()
  @IsString()
  @Length(1, MAX_VARIABLE_VALUE_LENGTH)
  value?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Matches(VARIABLE_NAME_PATTERN, {
    message: 'name must start with a letter or _ and hold up to 64 letters, digits or _',
  })
  name?: string;
}

export class UpdateVariableRequest extends UpdateVariableBody {
  @IsUUID('4') variableId!: string;
}

export const UpdateVariableV1 = defineContract<UpdateVariableRequest, VariableRecord>(
  'flows.variables.update.v1',
  UpdateVariableRequest,
);
