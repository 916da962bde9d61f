/**
 * What a pure node's recipe reads and gives: the run's data and its configuration, with the
 * expression evaluator the caller binds (the workflow with a step budget, an activity without).
 * Recipes are pure: no I/O, no secrets, no clock but JSONata's; the workflow runs them.
 */
export interface PureRunData {
  readonly input: Record<string, unknown>;
  readonly trigger: string;
  readonly fileIds: readonly string[];
  readonly documents: readonly unknown[];
  /** Output of every finished node, by node id. */
  readonly nodes: Record<string, unknown>;
}

export interface PureNodeInput {
  readonly config: Record<string, unknown>;
  readonly data: PureRunData;
  /** Ids of the nodes with an edge into this one (what a join gathers). */
  readonly upstream?: readonly string[];
  /** Evaluates a JSONata expression over the run's data. */
  evaluate(expression: string): Promise<unknown>;
}

export interface PureOutcome {
  output: unknown;
  /** Branch followed by a branching node (route). */
  branch?: string;
}

export type PureRecipe = (input: PureNodeInput) => Promise<PureOutcome>;
