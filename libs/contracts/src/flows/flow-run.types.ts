import type { FlowGraph } from './flow-graph.types';

/**
 * What the flows service hands to Temporal when a run starts and what the worker reports
 * back. Plain types only: the workflow imports them type-only.
 */

/** Workflow type name; the workflow id of a run is its executionId. */
export const FLOW_EXECUTION_WORKFLOW = 'flowExecutionWorkflow';

/** Execution status on the wire (DESIGN.md §4); in_review is derived from a waiting review node. */
export const EXECUTION_STATUSES = [
  'pending',
  'running',
  'in_review',
  'completed',
  'failed',
  'canceled',
] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

export const EXECUTION_TRIGGERS = ['api', 'file', 'schedule', 'rerun'] as const;
export type ExecutionTrigger = (typeof EXECUTION_TRIGGERS)[number];

/**
 * A step `canceled` was still running, waiting on its timer or waiting for its review when its
 * run ended (a cancel, or the run's item closed): it ends with the run, at the run's end.
 */
export const STEP_STATUSES = [
  'running',
  'waiting',
  'completed',
  'failed',
  'skipped',
  'canceled',
] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

export interface FlowRunInput {
  executionId: string;
  organizationId: string;
  workspaceId: string;
  projectId: string;
  flowId: string;
  flowName: string;
  /** Null for a draft (test) run. */
  versionId: string | null;
  /** `vN.N.N`, or `draft` for a test run. */
  version: string;
  /** A draft run: marked as such, listed apart; write-back only records what it would send. */
  test: boolean;
  environmentId: string | null;
  trigger: ExecutionTrigger;
  /** The version snapshot the run interprets from start to end. */
  graph: FlowGraph;
  input: Record<string, unknown>;
  fileIds: string[];
  /** User who started the run; null for file and schedule triggers. */
  startedBy: string | null;
  traceId?: string;
}

export interface ExecutionError {
  code: string;
  message: string;
  nodeId?: string;
  nodeName?: string;
}

/** Workflow type a flow's Temporal schedule starts on every tick; it asks flows to launch a run. */
export const SCHEDULED_RUN_WORKFLOW = 'scheduledFlowRunWorkflow';

export interface ScheduledRunInput {
  organizationId: string;
  flowId: string;
}

/** Id of the Temporal schedule of a flow with a schedule trigger (it exists while active). */
export function flowScheduleId(flowId: string): string {
  return `flow-schedule-${flowId}`;
}
