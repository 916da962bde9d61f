import type { NodeType, RouteConfig } from '@docket/contracts';

import type { NodeExecution, NodeOutcome } from '../workflows/flow-activities.types';
import { evaluateExpression } from './expressions/expression-evaluator';
import { expressionScope } from './expressions/expression-scope';
import { NodeError } from './node-error';

/**
 * The nodes whose outcome is a pure function of the run's data and their configuration: no
 * I/O, no secrets (no secret slots), no clock but JSONata's. The workflow evaluates them itself
 * (see FlowInterpreter.runPureNode); an activity evaluates them when the workflow cannot.
 * This module runs inside the workflow sandbox: it imports nothing with I/O.
 */
export const PURE_NODE_TYPES = [
  'trigger.api',
  'trigger.file',
  'trigger.schedule',
  'utility.transform',
  'control.route',
  'control.for-each',
  'control.join',
] as const satisfies readonly NodeType[];

const PURE: ReadonlySet<string> = new Set(PURE_NODE_TYPES);

export function isPureNode(type: NodeType): boolean {
  return PURE.has(type);
}

/** A run's history grows with every iteration; beyond this a flow should split its work. */
export const MAX_FOR_EACH_ITEMS = 500;

/**
 * The outcome of a pure node. `stepBudget` bounds each expression's evaluation steps (see
 * evaluateExpression); failures the node's own rules name are NodeErrors.
 */
export async function evaluatePureNode(
  execution: NodeExecution,
  stepBudget?: number,
): Promise<NodeOutcome> {
  const { node, data } = execution;
  const config = node.config ?? {};
  const evaluate = (expression: string) =>
    evaluateExpression(expression, expressionScope(data), stepBudget);
  switch (node.type) {
    case 'trigger.api':
    case 'trigger.file':
    case 'trigger.schedule':
      // The trigger's step shows what started the run: its input and files.
      return {
        output: {
          trigger: data.trigger,
          input: data.input,
          fileIds: data.fileIds,
          documents: data.documents,
        },
      };
    case 'utility.transform':
      // The JSONata expression's result becomes the node's output.
      return { output: await evaluate(String(config.expression)) };
    case 'control.route': {
      // The first route whose condition is truthy names the branch; else `default`.
      for (const route of (config as unknown as RouteConfig).routes) {
        if (isTruthy(await evaluate(route.when))) {
          return { output: { branch: route.branch }, branch: route.branch };
        }
      }
      return { output: { branch: 'default' }, branch: 'default' };
    }
    case 'control.for-each': {
      // Evaluates the collection; the workflow runs the body once per element.
      const expression =
        typeof config.items === 'string' && config.items ? config.items : 'documents';
      const value = await evaluate(expression);
      const items = value === null ? [] : Array.isArray(value) ? value : [value];
      if (items.length > MAX_FOR_EACH_ITEMS) {
        throw new NodeError(
          'TOO_MANY_ITEMS',
          `for-each yields ${items.length} elements; at most ${MAX_FOR_EACH_ITEMS} are allowed`,
        );
      }
      return { output: { count: items.length, items } };
    }
    case 'control.join': {
      // Started once every incoming branch has settled: gathers what the branches that ran
      // produced, keyed by node id.
      const upstream = execution.upstream ?? [];
      const nodes = data.nodes;
      return {
        output: Object.fromEntries(
          upstream.filter((id) => id in nodes).map((id) => [id, nodes[id]]),
        ),
      };
    }
    default:
      throw new NodeError('NODE_UNSUPPORTED', `${node.type} is not a pure node`);
  }
}

/** JSONata's notion of truth for a condition result. */
function isTruthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(isTruthy);
  if (value && typeof value === 'object') return Object.keys(value).length > 0;
  return Boolean(value);
}
