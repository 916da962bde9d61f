import { Injectable } from '@nestjs/common';

import type { NodeOutcome } from '../../workflows/flow-activities.types';
import { evaluateExpression } from '../expressions/expression-evaluator';
import { expressionScope } from '../expressions/expression-scope';
import { NodeError } from '../node-error';
import { NodeContext, NodeExecutor } from '../node-executor';

/** A run's history grows with every iteration; beyond this a flow should split its work. */
export const MAX_FOR_EACH_ITEMS = 500;

/** control.for-each: evaluates the collection; the workflow runs the body once per element. */
@Injectable()
export class ForEachExecutor implements NodeExecutor {
  readonly types = ['control.for-each'] as const;
  readonly recordsStart = false;

  async execute({ execution, config }: NodeContext): Promise<NodeOutcome> {
    const expression =
      typeof config.items === 'string' && config.items ? config.items : 'documents';
    const value = await evaluateExpression(expression, expressionScope(execution.data));
    const items = value === null ? [] : Array.isArray(value) ? value : [value];
    if (items.length > MAX_FOR_EACH_ITEMS) {
      throw new NodeError(
        'TOO_MANY_ITEMS',
        `for-each yields ${items.length} elements; at most ${MAX_FOR_EACH_ITEMS} are allowed`,
      );
    }
    return { output: { count: items.length, items } };
  }
}
