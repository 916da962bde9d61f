import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

import {
  EXECUTION_STATUSES,
  EXECUTION_TRIGGERS,
  ExecutionStatus,
  ExecutionTrigger,
} from './flow-run.types';

/* Records and limits shared by several execution subjects. */

export const MAX_RUN_FILES = 100;

export const EXECUTIONS_PAGE_SIZE_DEFAULT = 20;

export const EXECUTIONS_PAGE_SIZE_MAX = 100;

export const EXECUTION_SORT_FIELDS = ['createdAt', 'updatedAt', 'completedAt', 'status'] as const;

export type ExecutionSortField = (typeof EXECUTION_SORT_FIELDS)[number];

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

export class ExecutionRef {
  @IsUUID('4') executionId!: string;
}
