/*
 * The pure node types and their recipes: the workflow evaluates these nodes itself. This module
 * is the library's entry in the workflow sandbox (apps/worker/src/temporal/workflow-libraries.ts
 * points @docket/nodes here when bundling), so it and what it imports stay free of I/O.
 */
import type { NodeType } from '@docket/contracts';

import { forEachOutcome } from '../control-for-each/for-each.pure';
import { joinOutcome } from '../control-join/join.pure';
import { routeOutcome } from '../control-route/route.pure';
import { NodeError } from '../node-error';
import { transformOutcome } from '../utility-transform/transform.pure';
import type { PureNodeInput, PureOutcome, PureRecipe } from './pure-node.types';
import { triggerOutcome } from './trigger.pure';

const PURE_RECIPES = {
  'trigger.api': triggerOutcome,
  'trigger.file': triggerOutcome,
  'trigger.schedule': triggerOutcome,
  'utility.transform': transformOutcome,
  'control.route': routeOutcome,
  'control.for-each': forEachOutcome,
  'control.join': joinOutcome,
} as const satisfies Partial<Record<NodeType, PureRecipe>>;

export type PureNodeType = keyof typeof PURE_RECIPES;

/** The nodes whose outcome is a pure function of the run's data and their configuration. */
export const PURE_NODE_TYPES = Object.keys(PURE_RECIPES) as PureNodeType[];

export function isPureNode(type: NodeType): type is PureNodeType {
  return Object.prototype.hasOwnProperty.call(PURE_RECIPES, type);
}

/** The outcome of a pure node; failures the node's own rules name are NodeErrors. */
export async function evaluatePureNode(type: NodeType, input: PureNodeInput): Promise<PureOutcome> {
  if (!isPureNode(type)) throw new NodeError('NODE_UNSUPPORTED', `${type} is not a pure node`);
  return PURE_RECIPES[type](input);
}
