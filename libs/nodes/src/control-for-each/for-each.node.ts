import { LOOP_BODY_BRANCH } from '@docket/flow-graph';

import { only } from '../config/config-checks';
import { expression } from '../config/expression.check';
import { object, text } from '../config/json-schema';
import type { NodeDefinition } from '../node-definition';

export interface ForEachConfig {
  /** JSONata expression yielding the array to iterate; default `documents`. */
  items?: string;
}

export const CONTROL_FOR_EACH_NODE: NodeDefinition = {
  type: 'control.for-each',
  category: 'Controls',
  title: 'For each',
  description: 'Runs its `body` branch once per element, then follows `done`.',
  branches: [LOOP_BODY_BRANCH, 'done'],
  configSchema: object({ items: text('Items (JSONata)', { default: 'documents' }) }),
  configProblems: (c) => [
    ...only(c, ['items']),
    ...(c.items === undefined ? [] : expression(c.items, 'items')),
  ],
};
