import type { NodeType } from '@docket/contracts';

import type { RunSecrets } from '../secrets/run-secrets';
import type { NodeExecution, NodeOutcome } from '../workflows/flow-activities.types';

export interface NodeContext {
  execution: NodeExecution;
  /** The node configuration with variable references resolved; never leaves the activity. */
  config: Record<string, unknown>;
  secrets: RunSecrets;
  /** Long-running executors call this so Temporal knows the attempt is alive. */
  heartbeat(): void;
}

/** Executes the nodes of some types; registered under NODE_EXECUTORS. */
export interface NodeExecutor {
  readonly types: readonly NodeType[];
  /** Slow nodes record a `running` step before they start; fast ones only their result. */
  readonly recordsStart: boolean;
  execute(context: NodeContext): Promise<NodeOutcome>;
}

export const NODE_EXECUTORS = Symbol('NODE_EXECUTORS');
