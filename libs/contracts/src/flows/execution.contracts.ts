import { defineContract } from '@docket/platform';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsObject,
  IsOptional,
  IsUUID,
  Max,
  Min,
  ValidateIf,
} from 'class-validator';

import {
  EXECUTION_STATUSES,
  EXECUTION_TRIGGERS,
  ExecutionStatus,
  ExecutionTrigger,
  STEP_STATUSES,
} from './flow-run.types';

export const MAX_RUN_FILES = 100;
export const EXECUTIONS_PAGE_SIZE_DEFAULT = 20;
export const EXECUTIONS_PAGE_SIZE_MAX = 100;
export const EXECUTION_SORT_FIELDS = ['createdAt', 'updatedAt', 'completedAt', 'status'] as const;
export type ExecutionSortField = (typeof EXECUTION_SORT_FIELDS)[number];

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

export class RunStarted {
  @ApiProperty({ format: 'uuid', description: 'Identifier of the new flow execution' })
  executionId!: string;
  @ApiProperty({ enum: EXECUTION_STATUSES, example: 'pending' }) status!: ExecutionStatus;
}

export class ExecutionErrorRecord {
  @ApiProperty({ example: 'EXPRESSION_FAILED' }) code!: string;
  @ApiProperty() message!: string;
  @ApiPropertyOptional({ description: 'Node that failed' }) nodeId?: string;
  @ApiPropertyOptional() nodeName?: string;
}

export class ExecutionRecord {
  @ApiProperty({ format: 'uuid' }) executionId!: string;
  @ApiProperty({ format: 'uuid' }) flowId!: string;
  @ApiProperty() flowName!: string;
  @ApiProperty({ format: 'uuid' }) projectId!: string;
  @ApiProperty({ format: 'uuid' }) workspaceId!: string;
  @ApiProperty({ example: 'v1.0.0', description: '`draft` for a test run' }) flowVersion!: string;
  @ApiProperty({ description: 'A draft (test) run' }) test!: boolean;
  @ApiProperty({ enum: EXECUTION_STATUSES }) status!: ExecutionStatus;
  @ApiProperty({ enum: EXECUTION_TRIGGERS }) trigger!: ExecutionTrigger;
  @ApiPropertyOptional({ format: 'uuid', nullable: true, type: String })
  environmentId!: string | null;
  @ApiPropertyOptional({
    format: 'uuid',
    nullable: true,
    type: String,
    description: 'The execution this one re-runs',
  })
  parentExecutionId!: string | null;
  @ApiProperty({ type: [String], description: 'Items the run created' }) itemIds!: string[];
  @ApiProperty({ type: [String] }) fileIds!: string[];
  @ApiPropertyOptional({ type: ExecutionErrorRecord, nullable: true })
  error!: ExecutionErrorRecord | null;
  @ApiPropertyOptional({ format: 'uuid', nullable: true, type: String }) startedBy!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiPropertyOptional({ format: 'date-time', nullable: true, type: String })
  startedAt!: string | null;
  @ApiPropertyOptional({ format: 'date-time', nullable: true, type: String })
  completedAt!: string | null;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiPropertyOptional({ nullable: true, type: Number, description: 'Start to end, ms' })
  durationMs!: number | null;
}

export class ExecutionDetailRecord extends ExecutionRecord {
  @ApiProperty({ type: Object, description: 'The run input (as started)' })
  input!: Record<string, unknown>;
}

export class ExecutionStepRecord {
  @ApiProperty({ description: 'Node id, with #<index> per loop iteration' }) stepKey!: string;
  @ApiProperty() sequence!: number;
  @ApiProperty() nodeId!: string;
  @ApiProperty() nodeType!: string;
  @ApiProperty() nodeName!: string;
  @ApiProperty({ enum: STEP_STATUSES }) status!: string;
  @ApiProperty({ description: '1 on the first attempt' }) attempt!: number;
  @ApiProperty({ format: 'date-time' }) startedAt!: string;
  @ApiPropertyOptional({ format: 'date-time', nullable: true, type: String })
  completedAt!: string | null;
  @ApiPropertyOptional({ nullable: true, type: Number }) durationMs!: number | null;
  @ApiPropertyOptional({ description: 'Variable values are masked', nullable: true })
  input!: unknown;
  @ApiPropertyOptional({ description: 'Variable values are masked', nullable: true })
  output!: unknown;
  @ApiPropertyOptional({ type: ExecutionErrorRecord, nullable: true })
  error!: ExecutionErrorRecord | null;
}

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

  @ApiPropertyOptional({ format: 'date-time' })
  @IsOptional()
  @IsISO8601({ strict: true })
  createdAfter?: string;

  @ApiPropertyOptional({ format: 'date-time' })
  @IsOptional()
  @IsISO8601({ strict: true })
  createdBefore?: string;

  @ApiPropertyOptional({ minimum: 1, default: 1, description: '1-indexed' })
  @Type(() => Number)
  @IsInt()
  @Min(1)
  page = 1;

  @ApiPropertyOptional({
    minimum: 1,
    maximum: EXECUTIONS_PAGE_SIZE_MAX,
    default: EXECUTIONS_PAGE_SIZE_DEFAULT,
  })
  @Type(() => Number)
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

export class ExecutionRef {
  @IsUUID('4') executionId!: string;
}

export class ListStepsQuery {
  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @Type(() => Number)
  @IsInt()
  @Min(1)
  page = 1;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 100 })
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit = 100;
}

export class ListStepsRequest extends ListStepsQuery {
  @IsUUID('4') executionId!: string;
}

export interface ExecutionPage {
  data: ExecutionRecord[];
  page: number;
  limit: number;
  totalCount: number;
}

export interface StepPage {
  data: ExecutionStepRecord[];
  page: number;
  limit: number;
  totalCount: number;
}

export class CancelRequested {
  @ApiProperty({ format: 'uuid' }) executionId!: string;
  @ApiProperty({ enum: EXECUTION_STATUSES, description: 'Status when the request was accepted' })
  status!: ExecutionStatus;
}

export const RunFlowV1 = defineContract<RunFlowRequest, RunStarted>(
  'flows.runs.start.v1',
  RunFlowRequest,
);
export const ListExecutionsV1 = defineContract<ListExecutionsRequest, ExecutionPage>(
  'flows.executions.list.v1',
  ListExecutionsRequest,
);
export const GetExecutionV1 = defineContract<ExecutionRef, ExecutionDetailRecord>(
  'flows.executions.get.v1',
  ExecutionRef,
);
export const ListExecutionStepsV1 = defineContract<ListStepsRequest, StepPage>(
  'flows.executions.steps.v1',
  ListStepsRequest,
);
export const RerunExecutionV1 = defineContract<ExecutionRef, RunStarted>(
  'flows.executions.rerun.v1',
  ExecutionRef,
);
export const CancelExecutionV1 = defineContract<ExecutionRef, CancelRequested>(
  'flows.executions.cancel.v1',
  ExecutionRef,
);
