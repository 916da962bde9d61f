import { defineEvent } from '@docket/platform';
import { Type } from 'class-transformer';
import {
  Allow,
  IsIn,
  IsInt,
  IsISO8601,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Min,
  ValidateNested,
} from 'class-validator';

import { ExecutionErrorPayload } from '../execution-events.records';
import { NODE_TYPES, NodeType } from '../flow-graph.types';
import { STEP_STATUSES, StepStatus } from '../flow-run.types';

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
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ExecutionErrorPayload)
  error?: ExecutionErrorPayload;
}

export const ExecutionStepEventV1 = defineEvent('flows.execution.step.v1', ExecutionStepEvent);
