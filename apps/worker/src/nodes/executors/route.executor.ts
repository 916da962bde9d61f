import type { RouteConfig } from '@docket/contracts';
import { Injectable } from '@nestjs/common';

import type { NodeOutcome } from '../../workflows/flow-activities.types';
import { evaluateExpression } from '../expressions/expression-evaluator';
import { expressionScope } from '../expressions/expression-scope';
import { NodeContext, NodeExecutor } from '../node-executor';

/** control.route: the first route whose condition is truthy names the branch; else `default`. */
@Injectable()
export class RouteExecutor implements NodeExecutor {
  readonly types = ['control.route'] as const;
  readonly recordsStart = false;

  async execute({ execution, config }: NodeContext): Promise<NodeOutcome> {
    const { routes } = config as unknown as RouteConfig;
    const scope = expressionScope(execution.data);
    for (const route of routes) {
      const verdict = await evaluateExpression(route.when, scope);
      if (isTruthy(verdict)) return { output: { branch: route.branch }, branch: route.branch };
    }
    return { output: { branch: 'default' }, branch: 'default' };
  }
}

/** JSONata's notion of truth for a condition result. */
function isTruthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(isTruthy);
  if (value && typeof value === 'object') return Object.keys(value).length > 0;
  return Boolean(value);
}
