import jsonata from 'jsonata';

import { NodeError } from '../node-error';

const TIME_LIMIT_MS = 1000;
const DEPTH_LIMIT = 500;

/**
 * Thrown when an evaluation takes more steps than its budget allows. Only evaluations inside
 * the workflow have a budget: there the clock stands still, so the time limit cannot stop an
 * expensive expression, and the node is then evaluated again by an activity, with the clock.
 */
export class ExpressionBudgetExceeded extends Error {
  constructor(readonly budget: number) {
    super(`expression took more than ${budget} evaluation steps`);
    this.name = 'ExpressionBudgetExceeded';
  }
}

/**
 * The safe expression language of transform, route and for-each nodes: JSONata over the
 * run's data, with a time and depth limit so an expression cannot hang the worker. No
 * arbitrary code: JSONata has no access to the process, the file system or the network.
 * Nothing is bound besides the data: variable values are never readable by an expression
 * (see NodeDefinition.secretSlots), so no result can be derived from one.
 * With `stepBudget`, more evaluation steps than that throw ExpressionBudgetExceeded (a count,
 * so the verdict is the same on every replay of a workflow).
 */
export async function evaluateExpression(
  expression: string,
  data: unknown,
  stepBudget?: number,
): Promise<unknown> {
  let compiled: jsonata.Expression;
  try {
    compiled = jsonata(expression);
  } catch (error) {
    throw new NodeError('EXPRESSION_INVALID', `Invalid expression: ${describe(error)}`);
  }
  timebox(compiled, stepBudget);
  try {
    const result: unknown = await compiled.evaluate(data);
    // JSONata returns arrays with extra properties and undefined for "nothing"; keep plain JSON.
    return result === undefined ? null : (JSON.parse(JSON.stringify(result)) as unknown);
  } catch (error) {
    if (error instanceof ExpressionBudgetExceeded) throw error;
    throw new NodeError('EXPRESSION_FAILED', `Expression failed: ${describe(error)}`);
  }
}

/** JSONata's documented hook for bounding evaluation (entry/exit callbacks per step). */
function timebox(expression: jsonata.Expression, stepBudget?: number): void {
  const started = Date.now();
  let depth = 0;
  let steps = 0;
  const check = (): void => {
    if (depth > DEPTH_LIMIT) throw new Error('expression nests too deeply');
    if (Date.now() - started > TIME_LIMIT_MS) {
      throw new Error(`expression took longer than ${TIME_LIMIT_MS} ms`);
    }
  };
  const assign = expression.assign as unknown as (name: symbol, value: unknown) => void;
  assign.call(
    expression,
    Symbol.for('jsonata.__evaluate_entry'),
    (_e: unknown, _i: unknown, env: { isParallelCall?: boolean }) => {
      if (env?.isParallelCall) return;
      depth += 1;
      steps += 1;
      if (stepBudget !== undefined && steps > stepBudget) {
        throw new ExpressionBudgetExceeded(stepBudget);
      }
      check();
    },
  );
  assign.call(
    expression,
    Symbol.for('jsonata.__evaluate_exit'),
    (_e: unknown, _i: unknown, env: { isParallelCall?: boolean }) => {
      if (env?.isParallelCall) return;
      depth -= 1;
      check();
    },
  );
}

function describe(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error) {
    return String((error as { message: unknown }).message);
  }
  return String(error);
}
