import { defineContract, StrictInteger } from '@docket/platform';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';

import { VARIABLE_SCOPES, VariableRecord, VariableScope } from '../variable.records';

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
  @StrictInteger()
  @IsInt()
  @Min(1)
  page = 1;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 })
  @StrictInteger()
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

export const ListVariablesV1 = defineContract<ListVariablesRequest, VariablePage>(
  'flows.variables.list.v1',
  ListVariablesRequest,
);
