import { histogram } from '@docket/platform';

/** How long each node type takes per attempt, and how attempts end. */
export const nodeDuration = histogram(
  'docket_node_duration_seconds',
  'Node execution time per attempt, by node type and outcome',
  ['type', 'outcome'] as const,
  [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
);
