import { defineContract } from '@docket/platform';
import { IsString, IsUUID, Length } from 'class-validator';

/**
 * Worker -> flows, actor null: a schedule tick of an active flow. The flows service launches
 * the run like any other (its row first, then the workflow); the tick key makes a repeated
 * tick start nothing new.
 */
export class StartScheduledRunRequest {
  @IsUUID('4') organizationId!: string;
  @IsUUID('4') flowId!: string;
  /** Unique per tick (the tick workflow's id). */
  @IsString() @Length(1, 300) tickKey!: string;
}

export interface ScheduledRunStarted {
  /** Null when the flow is no longer active or the tick was launched already. */
  executionId: string | null;
}

export const StartScheduledRunV1 = defineContract<StartScheduledRunRequest, ScheduledRunStarted>(
  'flows.runs.start-scheduled.v1',
  StartScheduledRunRequest,
);
