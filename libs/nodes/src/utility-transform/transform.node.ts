import { only } from '../config/config-checks';
import { expression } from '../config/expression.check';
import { object, text } from '../config/json-schema';
import type { NodeDefinition } from '../node-definition';

export interface TransformConfig {
  /** JSONata expression over the run's data; its result is the node output. */
  expression: string;
}

export const UTILITY_TRANSFORM_NODE: NodeDefinition = {
  type: 'utility.transform',
  category: 'Utilities',
  title: 'Transform',
  description: 'Computes its output with a JSONata expression over the run data.',
  branches: [],
  configSchema: object({ expression: text('Expression (JSONata)') }, ['expression']),
  configProblems: (c) => [...only(c, ['expression']), ...expression(c.expression, 'expression')],
};
