import { evaluatePureNode as evaluateRecipe } from '@docket/nodes';

import type { NodeExecution, NodeOutcome } from '../workflows/flow-activities.types';
import { evaluateExpression } from './expressions/expression-evaluator';
import { expressionScope } from './expressions/expression-scope';

export { isPureNode, MAX_FOR_EACH_ITEMS, PURE_NODE_TYPES } from '@docket/nodes';

/**
 * The outcome of a pure node (libs/nodes says what each does), with its expressions evaluated
 * over the run's data. The workflow evaluates these nodes itself (see FlowInterpreter.runPureNode);
 * an activity evaluates them when the workflow cannot. `stepBudget` bounds each expression's
 * evaluation steps (see evaluateExpression). This module runs inside the workflow sandbox.
 */
export function evaluatePureNode(
  execution: NodeExecution,
  stepBudget?: number,
): Promise<NodeOutcome> {
  const { node, data } = execution;
  return evaluateRecipe(node.type, {
    config: node.config ?? {},
    data,
    upstream: execution.upstream,
    evaluate: (expression) => evaluateExpression(expression, expressionScope(data), stepBudget),
  });
}
