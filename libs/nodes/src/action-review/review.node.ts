import { only, optionalInteger, optionalText } from '../config/config-checks';
import { object, text } from '../config/json-schema';
import type { NodeDefinition } from '../node-definition';

const MAX_REVIEW_TIMEOUT_SECONDS = 90 * 24 * 3600;

export interface ReviewConfig {
  /** Without a timeout the run waits for the reviewer indefinitely. */
  timeoutSeconds?: number;
  instructions?: string;
}

export const ACTION_REVIEW_NODE: NodeDefinition = {
  type: 'action.review',
  category: 'Actions',
  title: 'Human review',
  description: 'Creates an item for a reviewer; follows `submitted`, or `timeout`.',
  branches: ['submitted', 'timeout'],
  configSchema: object({
    instructions: text('Instructions for the reviewer', { maxLength: 2000 }),
    timeoutSeconds: { type: 'integer', title: 'Timeout (seconds)', minimum: 60 },
  }),
  configProblems: (c) => [
    ...only(c, ['timeoutSeconds', 'instructions']),
    ...optionalInteger(c, 'timeoutSeconds', 60, MAX_REVIEW_TIMEOUT_SECONDS),
    ...optionalText(c, 'instructions', 2000),
  ],
};
