import type { NodeType } from '@docket/contracts';
import type { ActivityOptions, LocalActivityOptions } from '@temporalio/workflow';

/**
 * Timeouts and retries per kind of node: AI nodes are slow and heartbeat, outbound HTTP is
 * retried with backoff (the idempotency key makes a repeat harmless), pure evaluation fails
 * fast. A node whose error is not worth retrying throws a non-retryable failure.
 */
const AI: ActivityOptions = {
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '2s', backoffCoefficient: 2, maximumAttempts: 3 },
};

const OUTBOUND_HTTP: ActivityOptions = {
  // One call is bounded by OUTBOUND_HTTP_TIMEOUT_MS (15 s); a lost worker is noticed after this.
  startToCloseTimeout: '45s',
  retry: {
    initialInterval: '2s',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    maximumAttempts: 5,
  },
};

const SERVICE_CALL: ActivityOptions = {
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumAttempts: 5 },
};

const EVALUATION: ActivityOptions = {
  startToCloseTimeout: '30s',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumAttempts: 3 },
};

/** Recording status and steps must not give up: a run's read model has to converge. */
export const BOOKKEEPING_OPTIONS: ActivityOptions = {
  startToCloseTimeout: '30s',
  retry: { initialInterval: '500ms', backoffCoefficient: 2, maximumInterval: '30s' },
};

/**
 * Cheap, short activities (bookkeeping, expression nodes, triggers) run as local activities:
 * the worker executes them inside the workflow task and records a marker, instead of a round
 * trip through the task queue per node. Same at-least-once semantics (a crash re-runs them,
 * and every one of them is idempotent); a fraction of the server load per run.
 */
export const LOCAL_BOOKKEEPING_OPTIONS: LocalActivityOptions = {
  startToCloseTimeout: '30s',
  // Past this, retries wait on durable timers instead of holding the workflow task.
  localRetryThreshold: '10s',
  retry: { initialInterval: '500ms', backoffCoefficient: 2, maximumInterval: '30s' },
};

export function runsLocally(type: NodeType): boolean {
  return type.startsWith('trigger.') || type.startsWith('control.') || type === 'utility.transform';
}

export const LOCAL_EVALUATION_OPTIONS: LocalActivityOptions = {
  ...EVALUATION,
  localRetryThreshold: '10s',
};

export function activityOptionsFor(type: NodeType, stepKey: string): ActivityOptions {
  const base =
    type.startsWith('ai.') || type === 'action.matching'
      ? AI
      : type === 'action.write-back' || type === 'app.http-request'
        ? OUTBOUND_HTTP
        : type === 'action.review' || type.startsWith('trigger.')
          ? SERVICE_CALL
          : EVALUATION;
  return { ...base, activityId: stepKey };
}
