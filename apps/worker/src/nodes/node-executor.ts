import type { NodeType } from '@docket/contracts';
import type { NodeConfig } from '@docket/nodes';

import type { RunSecrets } from '../secrets/run-secrets';
import type { NodeExecution, NodeOutcome } from '../workflows/flow-activities.types';

export interface NodeContext<T extends NodeType = NodeType> {
  execution: NodeExecution;
  /**
   * The node's settings as its type declares them (libs/nodes), with variable references
   * resolved; never leaves the activity.
   */
  config: NodeConfig<T>;
  secrets: RunSecrets;
  /** Long-running executors call this so Temporal knows the attempt is alive. */
  heartbeat(): void;
}

/** Executes the nodes of some types; registered under NODE_EXECUTORS. */
export interface NodeExecutor<T extends NodeType = NodeType> {
  readonly types: readonly T[];
  /** Slow nodes record a `running` step before they start; fast ones only their result. */
  readonly recordsStart: boolean;
  execute(context: NodeContext<T>): Promise<NodeOutcome>;
}

export const NODE_EXECUTORS = Symbol('NODE_EXECUTORS');
