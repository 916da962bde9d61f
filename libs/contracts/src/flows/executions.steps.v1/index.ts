import { defineContract, StrictInteger } from '@docket/platform';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsUUID, Max, Min } from 'class-validator';

import { ExecutionErrorRecord } from '../execution.records';
import { STEP_STATUSES } from '../flow-run.types';

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

export class ListStepsQuery {
  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @StrictInteger()
  @IsInt()
  @Min(1)
  page = 1;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 100 })
  @StrictInteger()
  @IsInt()
  @Min(1)
  @Max(100)
  limit = 100;
}

export class ListStepsRequest extends ListStepsQuery {
  @IsUUID('4') executionId!: string;
}

export interface StepPage {
  data: ExecutionStepRecord[];
  page: number;
  limit: number;
  totalCount: number;
}

export const ListExecutionStepsV1 = defineContract<ListStepsRequest, StepPage>(
  'flows.executions.steps.v1',
  ListStepsRequest,
);
