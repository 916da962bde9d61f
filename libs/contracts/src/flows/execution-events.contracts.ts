import { defineEvent } from '@docket/platform';
import { Type } from 'class-transformer';
import {
  Allow,
  IsArray,
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Min,
  ValidateNested,
} from 'class-validator';

import { NODE_TYPES, NodeType } from './flow-graph.types';
import { EXECUTION_STATUSES, ExecutionStatus, STEP_STATUSES, StepStatus } from './flow-run.types';

/*
 * How the worker feeds the execution read model: events on JetStream (stream of the `flows`
 * owner), consumed by the flows service. Events may arrive twice or out of order; each carries
 * what the consumer needs to apply it idempotently (a per-run `seq` for statuses, the attempt
 * and phase for steps).
 */

export class ExecutionErrorPayload {
  @IsString() @Length(1, 100) code!: string;
  @IsString() @Length(0, 2000) message!: string;
  @IsOptional() @IsString() nodeId?: string;
  @IsOptional() @IsString() nodeName?: string;
}

export class ExecutionStatusEvent {
  @IsUUID('4') executionId!: string;
  @IsUUID('4') organizationId!: string;
  /** Deterministic per-run counter: a lower seq never overwrites a higher one. */
  @IsInt() @Min(1) seq!: number;
  @IsIn(EXECUTION_STATUSES) status!: ExecutionStatus;
  @IsISO8601() at!: string;
  @IsOptional() @IsArray() @IsUUID('4', { each: true }) itemIds?: string[];
  @IsOptional() @ValidateNested() @Type(() => ExecutionErrorPayload) error?: ExecutionErrorPayload;
}

export class ExecutionStepEvent {
  @IsUUID('4') executionId!: string;
  @IsUUID('4') organizationId!: string;
  /** Node id, plus `#<index>` per loop iteration. */
  @IsString() @Length(1, 200) stepKey!: string;
  @IsInt() @Min(0) sequence!: number;
  @IsString() nodeId!: string;
  @IsIn(NODE_TYPES) nodeType!: NodeType;
  @IsString() nodeName!: string;
  @IsIn(STEP_STATUSES) status!: StepStatus;
  @IsInt() @Min(1) attempt!: number;
  @IsISO8601() startedAt!: string;
  @IsOptional() @IsISO8601() completedAt?: string;
  /** Already scrubbed of every variable value. */
  @Allow() input?: unknown;
  @Allow() output?: unknown;
  @IsOptional() @ValidateNested() @Type(() => ExecutionErrorPayload) error?: ExecutionErrorPayload;
}

export const ExecutionStatusEventV1 = defineEvent(
  'flows.execution.status.v1',
  ExecutionStatusEvent,
);
export const ExecutionStepEventV1 = defineEvent('flows.execution.step.v1', ExecutionStepEvent);
