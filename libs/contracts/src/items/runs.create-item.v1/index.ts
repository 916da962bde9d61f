import { defineContract } from '@docket/platform';
import { IsOptional, IsString, IsUUID, Length } from 'class-validator';

import { ItemRecord } from '../records';
import { RunCommand } from '../run-command';

export class CreateItemForRunRequest extends RunCommand {
  @IsUUID('4')
  workspaceId!: string;

  @IsUUID('4')
  projectId!: string;

  @IsString()
  @Length(1, 200)
  flowId!: string;

  /** Denormalised for search (no cross-service joins). */
  @IsString()
  @Length(1, 300)
  flowName!: string;

  /** The run's executionId, which is its Temporal workflow id; reviews are signalled there. */
  @IsString()
  @Length(1, 300)
  temporalWorkflowId!: string;

  @IsString()
  @Length(1, 500)
  displayName!: string;

  @IsOptional()
  @IsString()
  @Length(0, 20000)
  summary?: string;

  @IsOptional()
  @IsString()
  @Length(0, 20000)
  insight?: string;
}

/** Creates the item of a run (status QUEUED), with the next displayId of the organization. */
export const CreateItemForRunV1 = defineContract<CreateItemForRunRequest, ItemRecord>(
  'items.runs.create-item.v1',
  CreateItemForRunRequest,
);
