import { defineContract } from '@docket/platform';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  Min,
} from 'class-validator';

export const VARIABLE_SCOPES = ['workspace', 'project', 'flow'] as const;
export type VariableScope = (typeof VARIABLE_SCOPES)[number];
export const VARIABLE_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
export const MAX_VARIABLE_VALUE_LENGTH = 8192;
/** What every read shows instead of a value. */
export const MASKED_VALUE = '********';

export class VariableRecord {
  @ApiProperty({ format: 'uuid' }) variableId!: string;
  @ApiProperty({ format: 'uuid' }) environmentId!: string;
  @ApiProperty({ example: 'CLAIMS_API_TOKEN' }) name!: string;
  @ApiProperty({ enum: VARIABLE_SCOPES }) scope!: VariableScope;
  @ApiProperty({ format: 'uuid', description: 'The workspace, project or flow it belongs to' })
  scopeId!: string;
  @ApiProperty({ example: MASKED_VALUE, description: 'Always masked; Admins may reveal' })
  value!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

export class RevealedVariable {
  @ApiProperty({ format: 'uuid' }) variableId!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'The decrypted value; this read is audited' }) value!: string;
}

export class CreateVariableRequest {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('4')
  environmentId!: string;

  @ApiProperty({ example: 'CLAIMS_API_TOKEN', description: 'Referenced as {{vars.NAME}}' })
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

export class VariableRef {
  @IsUUID('4') variableId!: string;
}

export class ListVariablesQuery {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('4')
  environmentId?: string;

  @ApiPropertyOptional({ enum: VARIABLE_SCOPES })
  @IsOptional()
  @IsIn(VARIABLE_SCOPES)
  scope?: VariableScope;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('4')
  scopeId?: string;

  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @Type(() => Number)
  @IsInt()
  @Min(1)
  page = 1;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 })
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit = 20;
}

export class ListVariablesRequest extends ListVariablesQuery {}

export interface VariablePage {
  data: VariableRecord[];
  page: number;
  limit: number;
  totalCount: number;
}

export const CreateVariableV1 = defineContract<CreateVariableRequest, VariableRecord>(
  'flows.variables.create.v1',
  CreateVariableRequest,
);
export const ListVariablesV1 = defineContract<ListVariablesRequest, VariablePage>(
  'flows.variables.list.v1',
  ListVariablesRequest,
);
export const UpdateVariableV1 = defineContract<UpdateVariableRequest, VariableRecord>(
  'flows.variables.update.v1',
  UpdateVariableRequest,
);
export const DeleteVariableV1 = defineContract<VariableRef, { variableId: string }>(
  'flows.variables.delete.v1',
  VariableRef,
);
export const RevealVariableV1 = defineContract<VariableRef, RevealedVariable>(
  'flows.variables.reveal.v1',
  VariableRef,
);
