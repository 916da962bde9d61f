import { Injectable } from '@nestjs/common';

import type { NodeOutcome } from '../../workflows/flow-activities.types';
import { evaluateExpression } from '../expressions/expression-evaluator';
import { expressionScope } from '../expressions/expression-scope';
import { NodeContext, NodeExecutor } from '../node-executor';

/** utility.transform: the JSONata expression's result becomes the node's output. */
@Injectable()
export class TransformExecutor implements NodeExecutor {
  readonly types = ['utility.transform'] as const;
  readonly recordsStart = false;

  async execute({ execution, config }: NodeContext): Promise<NodeOutcome> {
    const output = await evaluateExpression(
      String(config.expression),
      expressionScope(execution.data),
    );
    return { output };
  }
}
