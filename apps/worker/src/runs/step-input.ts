import type { NodeExecution } from '../workflows/flow-activities.types';

/**
 * What a step shows as its input: the node's configuration as written (variable references,
 * never their values) and the run data it worked on. Outputs of earlier nodes are left out;
 * they are the outputs of those nodes' own steps.
 */
export function stepInputOf(execution: NodeExecution): Record<string, unknown> {
  const { node, data } = execution;
  return {
    config: node.config ?? {},
    input: data.input,
    documents: data.documents,
    ...(data.loop ? { loop: data.loop } : {}),
  };
}
