import { defineContract } from '@docket/platform';
import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, IsUUID, Length, Matches } from 'class-validator';

import {
  MAX_VARIABLE_VALUE_LENGTH,
  VARIABLE_NAME_PATTERN,
  VARIABLE_SCOPES,
  VariableRecord,
  VariableScope,
} from '../variable.records';

export class CreateVariableRequest {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('4')
  environmentId!: string;

  @ApiProperty({
    example: 'CLAIMS_API_TOKEN',
    description:
      'Referenced as {{vars.NAME}} in the header values of an app.http-request node, or by ' +
      'name as the secretVariable of a write-back node; nowhere else',
  })
  @IsString()
  @Matches(VARIABLE_NAME_PATTERN, {
    message: 'name must start with a letter or _ and hold up to 64 letters, digits or _',
  })
  name!: string;

  @ApiProperty({ description: `Up to ${MAX_VARIABLE_VALUE_LENGTH} characters; stored encrypted` })
  @IsString()
  @Length(1, MAX_VARIABLE_VALUE_LENGTH)
  value!: string;

  @ApiProperty({ enum: VARIABLE_SCOPES })
  @IsIn(VARIABLE_SCOPES)
  scope!: VariableScope;

  @ApiProperty({ format: 'uuid', description: 'Id of the workspace, project or flow' })
  @IsUUID('4')
  scopeId!: string;
}

export const CreateVariableV1 = defineContract<CreateVariableRequest, VariableRecord>(
  'flows.variables.create.v1',
  CreateVariableRequest,
);
