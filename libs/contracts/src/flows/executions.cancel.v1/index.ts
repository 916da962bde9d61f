import { defineContract } from '@docket/platform';
import { ApiProperty } from '@nestjs/swagger';

import { ExecutionRef } from '../execution.records';
import { EXECUTION_STATUSES, ExecutionStatus } from '../flow-run.types';

export class CancelRequested {
  @ApiProperty({ format: 'uuid' }) executionId!: string;
  @ApiProperty({ enum: EXECUTION_STATUSES, description: 'Status when the request was accepted' })
  status!: ExecutionStatus;
}

export const CancelExecutionV1 = defineContract<ExecutionRef, CancelRequested>(
  'flows.executions.cancel.v1',
  ExecutionRef,
);
