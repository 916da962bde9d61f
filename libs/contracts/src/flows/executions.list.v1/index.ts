import { defineContract, StrictInteger } from '@docket/platform';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsUUID, Max, Min, ValidateIf } from 'class-validator';

import { TimeBound } from '../../common/time-bound';
import {
  EXECUTION_SORT_FIELDS,
  ExecutionRecord,
  EXECUTIONS_PAGE_SIZE_DEFAULT,
  EXECUTIONS_PAGE_SIZE_MAX,
  ExecutionSortField,
} from '../execution.records';
import {
  EXECUTION_STATUSES,
  EXECUTION_TRIGGERS,
  ExecutionStatus,
  ExecutionTrigger,
} from '../flow-run.types';

const toBoolean = ({ value }: { value: unknown }) =>
  value === 'true' ? true : value === 'false' ? false : value;

export class ListExecutionsQuery {
  @ApiPropertyOptional({ format: 'uuid', description: 'Project to list; or give workspaceId' })
  @ValidateIf(
    (query: ListExecutionsQuery) =>
      query.workspaceId === undefined || query.projectId !== undefined,
  )
  @IsUUID('4', { message: 'projectId must be a UUID; give projectId or workspaceId' })
  projectId?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Workspace: every project you may see' })
  @IsOptional()
  @IsUUID('4')
  workspaceId?: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('4')
  flowId?: string;

  @ApiPropertyOptional({ enum: EXECUTION_STATUSES })
  @IsOptional()
  @IsIn(EXECUTION_STATUSES)
  status?: ExecutionStatus;

  @ApiPropertyOptional({ enum: EXECUTION_TRIGGERS })
  @IsOptional()
  @IsIn(EXECUTION_TRIGGERS)
  trigger?: ExecutionTrigger;

  @ApiPropertyOptional({
    description: 'true lists test (draft) runs, which are listed apart; default false',
    default: false,
  })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  test?: boolean;

  @TimeBound()
  createdAfter?: string;

  @TimeBound()
  createdBefore?: string;

  @ApiPropertyOptional({ minimum: 1, default: 1, description: '1-indexed' })
  @StrictInteger()
  @IsInt()
  @Min(1)
  page = 1;

  @ApiPropertyOptional({
    minimum: 1,
    maximum: EXECUTIONS_PAGE_SIZE_MAX,
    default: EXECUTIONS_PAGE_SIZE_DEFAULT,
  })
  @StrictInteger()
  @IsInt()
  @Min(1)
  @Max(EXECUTIONS_PAGE_SIZE_MAX)
  limit = EXECUTIONS_PAGE_SIZE_DEFAULT;

  @ApiPropertyOptional({ enum: EXECUTION_SORT_FIELDS, default: 'createdAt' })
  @IsOptional()
  @IsIn(EXECUTION_SORT_FIELDS)
  sortBy: ExecutionSortField = 'createdAt';

  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc' })
  @IsOptional()
  @IsIn(['asc', 'desc'])
  sortOrder: 'asc' | 'desc' = 'desc';
}

export class ListExecutionsRequest extends ListExecutionsQuery {}

export interface ExecutionPage {
  data: ExecutionRecord[];
  page: number;
  limit: number;
  totalCount: number;
}

export const ListExecutionsV1 = defineContract<ListExecutionsRequest, ExecutionPage>(
  'flows.executions.list.v1',
  ListExecutionsRequest,
);
