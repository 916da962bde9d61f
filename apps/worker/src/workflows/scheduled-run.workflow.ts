import type { ScheduledRunInput } from '@docket/contracts';
import { proxyActivities, workflowInfo } from '@temporalio/workflow';

import type { FlowActivities } from './flow-activities.types';
import { BOOKKEEPING_OPTIONS } from './node-activity-options';

const { startScheduledRun } = proxyActivities<FlowActivities>(BOOKKEEPING_OPTIONS);

/**
 * Started by a flow's Temporal schedule on every tick: asks the flows service to launch the
 * run, so the run gets its execution row first like every other. The tick's workflow id is
 * unique per tick and keys the launch, so a retried tick starts one run.
 */
export async function scheduledFlowRunWorkflow(input: ScheduledRunInput): Promise<string | null> {
  return startScheduledRun({ ...input, tickKey: workflowInfo().workflowId });
}
