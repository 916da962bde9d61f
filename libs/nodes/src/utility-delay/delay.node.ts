import { integer, only } from '../config/config-checks';
import { object } from '../config/json-schema';
import type { NodeDefinition } from '../node-definition';

const MAX_DELAY_SECONDS = 7 * 24 * 3600;

export interface DelayConfig {
  seconds: number;
}

export const UTILITY_DELAY_NODE: NodeDefinition = {
  type: 'utility.delay',
  category: 'Utilities',
  title: 'Delay',
  description: 'Waits a number of seconds.',
  branches: [],
  configSchema: object(
    {
      seconds: {
        type: 'integer',
        title: 'Seconds',
        minimum: 1,
        maximum: MAX_DELAY_SECONDS,
        default: 60,
      },
    },
    ['seconds'],
  ),
  configProblems: (c) => [
    ...only(c, ['seconds']),
    ...integer(c.seconds, 'seconds', 1, MAX_DELAY_SECONDS),
  ],
};
