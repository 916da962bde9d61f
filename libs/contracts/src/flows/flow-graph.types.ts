/**
 * The flow definition: one trigger and connected nodes, as JSON. Plain types only, so the
 * worker's deterministic workflow code can import them (type-only) without pulling in
 * validation or infrastructure. The flows service validates a graph on every draft save
 * (flow-graph.validator in apps/flows); the worker interprets a published snapshot. What each
 * node type is (configuration, schema, rules, recipe) is said in libs/nodes, one folder a type.
 */

export const TRIGGER_NODE_TYPES = ['trigger.api', 'trigger.file', 'trigger.schedule'] as const;
export const AI_NODE_TYPES = ['ai.classify', 'ai.split', 'ai.extract', 'ai.summarize'] as const;
export const CONTROL_NODE_TYPES = ['control.route', 'control.for-each', 'control.join'] as const;
export const UTILITY_NODE_TYPES = ['utility.transform', 'utility.delay'] as const;
export const ACTION_NODE_TYPES = ['action.review', 'action.matching', 'action.write-back'] as const;
export const APP_NODE_TYPES = ['app.http-request'] as const;

export const NODE_TYPES = [
  ...TRIGGER_NODE_TYPES,
  ...AI_NODE_TYPES,
  ...CONTROL_NODE_TYPES,
  ...UTILITY_NODE_TYPES,
  ...ACTION_NODE_TYPES,
  ...APP_NODE_TYPES,
] as const;

export type TriggerNodeType = (typeof TRIGGER_NODE_TYPES)[number];
export type AiNodeType = (typeof AI_NODE_TYPES)[number];
export type NodeType = (typeof NODE_TYPES)[number];

export interface FlowNode {
  /** Unique within the graph; letters, digits, `-` and `_`. */
  id: string;
  type: NodeType;
  /** Shown in the builder and in execution steps; defaults to the id. */
  name?: string;
  config?: Record<string, unknown>;
}

export interface FlowEdge {
  from: string;
  to: string;
  /**
   * Which outcome of a branching node this edge follows: a route branch name (or `default`),
   * `submitted` / `timeout` of a review, `body` / `done` of a for-each. Absent on plain edges.
   */
  branch?: string;
}

export interface FlowGraph {
  nodes: FlowNode[];
  edges: FlowEdge[];
}

export function isTriggerType(type: string): type is TriggerNodeType {
  return type.startsWith('trigger.');
}

export function isAiType(type: string): type is AiNodeType {
  return type.startsWith('ai.');
}
