import { flowScheduleId, SCHEDULED_RUN_WORKFLOW, ScheduledRunInput } from '@docket/contracts';
import { createLogger } from '@docket/platform';
import { Injectable } from '@nestjs/common';
import { ScheduleNotFoundError, ScheduleOverlapPolicy } from '@temporalio/client';

import { FlowEntity } from '../database/flows.entities';
import { TemporalClientProvider } from '../temporal/temporal-client.provider';

const logger = createLogger('schedule-triggers');

/**
 * A schedule trigger is a Temporal schedule per active flow. Each tick starts a small workflow
 * on the flow task queue that asks this service to launch the run, so scheduled runs get their
 * execution row exactly like API and file runs.
 */
@Injectable()
export class ScheduleTriggers {
  constructor(private readonly temporal: TemporalClientProvider) {}

  async upsert(flow: FlowEntity, cron: string): Promise<void> {
    const client = await this.temporal.client();
    const scheduleId = flowScheduleId(flow.id);
    const args: [ScheduledRunInput] = [{ organizationId: flow.organizationId, flowId: flow.id }];
    const action = {
      type: 'startWorkflow' as const,
      workflowType: SCHEDULED_RUN_WORKFLOW,
      taskQueue: this.temporal.taskQueue,
      args,
    };
    try {
      await client.schedule.getHandle(scheduleId).update((previous) => ({
        ...previous,
        spec: { cronExpressions: [cron] },
        action,
      }));
    } catch (error) {
      if (!(error instanceof ScheduleNotFoundError)) throw error;
      await client.schedule.create({
        scheduleId,
        spec: { cronExpressions: [cron] },
        action,
        policies: { overlap: ScheduleOverlapPolicy.ALLOW_ALL },
      });
    }
    logger.info({ flowId: flow.id, cron }, 'schedule trigger live');
  }

  async remove(flowId: string): Promise<void> {
    const client = await this.temporal.client();
    try {
      await client.schedule.getHandle(flowScheduleId(flowId)).delete();
      logger.info({ flowId }, 'schedule trigger removed');
    } catch (error) {
      if (!(error instanceof ScheduleNotFoundError)) throw error;
    }
  }
}
