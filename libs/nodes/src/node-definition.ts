import type { NodeType } from '@docket/contracts';

import type { Config } from './config/config-checks';
import type { JsonSchema } from './config/json-schema';

/** The builder's categories (specification: Triggers, Apps, Utilities, Actions, Controls, AI). */
export type NodeCategory =
  'Triggers' | 'Apps' | 'Utilities' | 'Actions' | 'Controls' | 'AI intelligence';

/**
 * What a node type is, said once: its place in the builder, the branches its outgoing edges
 * carry, its configuration as a JSON Schema (the builder's form, GET /node-types) and the rules
 * a configuration must pass when a draft is saved or a preview runs. What a node does is its
 * recipe, beside the definition in the type's folder.
 */
export interface NodeDefinition {
  readonly type: NodeType;
  readonly category: NodeCategory;
  readonly title: string;
  readonly description: string;
  /** Branches its outgoing edges carry; empty for plain edges, null when the config names them. */
  readonly branches: readonly string[] | null;
  /** The branches of one configured node: `branches`, or those its configuration names. */
  branchesOf?(config: Config | undefined): string[];
  /**
   * The secret slots: the only settings whose texts may hold `{{vars.NAME}}`, each an object of
   * texts (header name to value). A value placed there leaves the worker in the outbound request
   * and nowhere else: no expression can read a variable, so no step output, error or condition
   * can carry a value, a part of it or a property of it (length, comparison) back to a caller.
   * Other nodes name a secret by variable name instead (write-back's `secretVariable`, a hosted
   * model's `apiKeyVariable`).
   */
  readonly secretSlots?: readonly string[];
  /** The settings a person fills in; stricter rules are `configProblems`. */
  readonly configSchema: JsonSchema;
  /** Why a configuration is not valid for this type, one sentence each; empty when it is. */
  configProblems(config: Config): string[];
}
