import { defineEvent } from '@docket/platform';
import { Type } from 'class-transformer';
import {
  IsArray,
  IsIn,
  IsInt,
  IsISO8601,
  IsObject,
  IsOptional,
  IsUUID,
  Min,
  ValidateNested,
} from 'class-validator';

import { ExecutionErrorPayload } from '../execution-events.records';
import { EXECUTION_STATUSES, ExecutionStatus } from '../flow-run.types';

export class ExecutionStatusEvent {
  @IsUUID('4') executionId!: string;
  @IsUUID('4') organizationId!: string;
  /** Deterministic per-run counter: a lower seq never overwrites a higher one. */
  @IsInt() @Min(1) seq!: number;
  @IsIn(EXECUTION_STATUSES) status!: ExecutionStatus;
  @IsISO8601() at!: string;
  @IsOptional() @IsArray() @IsUUID('4', { each: true }) itemIds?: string[];
  /**
   * On a run's end: how many of its steps ended completed or canceled (the run's end cancels
   * the steps it ends in the middle of). Steps travel as their own events, so the read model
   * holds the end back until it shows that many such steps: whoever sees the run over also sees
   * every step's output, and no step still running. Absent from workers that predate it.
   */
  @IsOptional() @IsInt() @Min(0) stepsCompleted?: number;
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ExecutionErrorPayload)
  error?: ExecutionErrorPayload;
}

export const ExecutionStatusEventV1 = defineEvent(
  'flows.execution.status.v1',
  ExecutionStatusEvent,
);
