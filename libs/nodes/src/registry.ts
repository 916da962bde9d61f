import { NODE_TYPES, type NodeType } from '@docket/contracts';

import { ACTION_MATCHING_NODE } from './action-matching/matching.node';
import { ACTION_REVIEW_NODE } from './action-review/review.node';
import { ACTION_WRITE_BACK_NODE } from './action-write-back/write-back.node';
import { AI_CLASSIFY_NODE } from './ai-classify/classify.node';
import { AI_EXTRACT_NODE } from './ai-extract/extract.node';
import { AI_SPLIT_NODE } from './ai-split/split.node';
import { AI_SUMMARIZE_NODE } from './ai-summarize/summarize.node';
import { APP_HTTP_REQUEST_NODE } from './app-http-request/http-request.node';
import type { Config } from './config/config-checks';
import type { JsonSchema } from './config/json-schema';
import { misplacedVariableReferences } from './config/variable-placement';
import { CONTROL_FOR_EACH_NODE } from './control-for-each/for-each.node';
import { CONTROL_JOIN_NODE } from './control-join/join.node';
import { CONTROL_ROUTE_NODE } from './control-route/route.node';
import type { NodeCategory, NodeDefinition } from './node-definition';
import { TRIGGER_API_NODE } from './trigger-api/trigger-api.node';
import { TRIGGER_FILE_NODE } from './trigger-file/trigger-file.node';
import { TRIGGER_SCHEDULE_NODE } from './trigger-schedule/trigger-schedule.node';
import { UTILITY_DELAY_NODE } from './utility-delay/delay.node';
import { UTILITY_TRANSFORM_NODE } from './utility-transform/transform.node';

/**
 * Every node type a flow can use, by type: the one list of node definitions. Contracts name the
 * types (NODE_TYPES, for request validation); keyed by that union, a type without a definition
 * here does not compile.
 */
const NODE_DEFINITIONS: Readonly<Record<NodeType, NodeDefinition>> = {
  'trigger.api': TRIGGER_API_NODE,
  'trigger.file': TRIGGER_FILE_NODE,
  'trigger.schedule': TRIGGER_SCHEDULE_NODE,
  'ai.classify': AI_CLASSIFY_NODE,
  'ai.split': AI_SPLIT_NODE,
  'ai.extract': AI_EXTRACT_NODE,
  'ai.summarize': AI_SUMMARIZE_NODE,
  'control.route': CONTROL_ROUTE_NODE,
  'control.for-each': CONTROL_FOR_EACH_NODE,
  'control.join': CONTROL_JOIN_NODE,
  'utility.transform': UTILITY_TRANSFORM_NODE,
  'utility.delay': UTILITY_DELAY_NODE,
  'action.review': ACTION_REVIEW_NODE,
  'action.matching': ACTION_MATCHING_NODE,
  'action.write-back': ACTION_WRITE_BACK_NODE,
  'app.http-request': APP_HTTP_REQUEST_NODE,
};

export function nodeDefinition(type: NodeType): NodeDefinition {
  return NODE_DEFINITIONS[type];
}

/** The branches one configured node's outgoing edges may carry (empty: plain edges only). */
export function branchesOf(type: NodeType, config: Config | undefined): readonly string[] {
  const definition = NODE_DEFINITIONS[type];
  return definition.branchesOf?.(config) ?? definition.branches ?? [];
}

/**
 * Why a node configuration is not valid for its type: what PUT /flows/{id}/draft refuses and a
 * preview refuses too, so a preview accepts exactly a node's configuration.
 */
export function nodeConfigProblems(type: NodeType, config: Config | undefined): string[] {
  return [
    ...NODE_DEFINITIONS[type].configProblems(config ?? {}),
    ...variablePlacement(type, config),
  ];
}

/** Whether a setting of a node type is one of its secret slots (see NodeDefinition). */
export function isSecretSlot(type: NodeType, setting: string): boolean {
  return NODE_DEFINITIONS[type].secretSlots?.includes(setting) ?? false;
}

/** Where variable references may go, for the nodes that have no slot of their own. */
const SLOT_OWNERS = NODE_TYPES.flatMap((type) =>
  (NODE_DEFINITIONS[type].secretSlots ?? []).map((slot) => `the ${slot} of an ${type} node`),
).join(', ');

/** Variable values go only into secret slots; anywhere else they could be echoed or derived. */
function variablePlacement(type: NodeType, config: Config | undefined): string[] {
  const slots = NODE_DEFINITIONS[type].secretSlots;
  const allowed = slots?.length ? `only in ${slots.join(', ')}` : `only in ${SLOT_OWNERS}`;
  return misplacedVariableReferences(slots ?? [], config).map(
    (path) => `${path} must not reference a variable: {{vars.NAME}} is allowed ${allowed}`,
  );
}

/** A node type as the builder sees it (GET /node-types). */
export interface NodeTypeInfo {
  type: NodeType;
  category: NodeCategory;
  title: string;
  description: string;
  /** Branches its outgoing edges carry; empty for plain edges, null when the config names them. */
  branches: string[] | null;
  configSchema: JsonSchema;
}

/**
 * The node catalog the builder works from, in the order of NODE_TYPES. The schema describes the
 * settings a person fills in; whether a configuration is valid is decided by `nodeConfigProblems`
 * when the draft is saved (stricter, e.g. JSONata syntax and secret-slot placement). Settings the
 * schema leaves out (validation rules, cross-field rules, a hosted model, templates) are edited
 * in the builder's JSON view.
 */
export const NODE_CATALOG: readonly NodeTypeInfo[] = NODE_TYPES.map((type) => {
  const { category, title, description, branches, configSchema } = NODE_DEFINITIONS[type];
  return {
    type,
    category,
    title,
    description,
    branches: branches && [...branches],
    configSchema,
  };
});
