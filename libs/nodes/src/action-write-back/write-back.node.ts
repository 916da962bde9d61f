import { VARIABLE_NAME_PATTERN } from '@docket/contracts';

import { only, url } from '../config/config-checks';
import { object, text } from '../config/json-schema';
import type { NodeDefinition } from '../node-definition';

export interface WriteBackConfig {
  /** https URL (plain http only to loopback, only in test configuration). */
  url: string;
  /** Name of the variable holding the HMAC-SHA256 signing secret. */
  secretVariable: string;
}

export const ACTION_WRITE_BACK_NODE: NodeDefinition = {
  type: 'action.write-back',
  category: 'Actions',
  title: 'Write back',
  description: 'POSTs the item data, signed with HMAC-SHA256, to your system.',
  branches: [],
  configSchema: object(
    {
      url: text('URL (https)', { format: 'uri' }),
      secretVariable: text('Signing secret (variable name)', {
        pattern: VARIABLE_NAME_PATTERN.source,
      }),
    },
    ['url', 'secretVariable'],
  ),
  configProblems: (c) => [
    ...only(c, ['url', 'secretVariable']),
    ...url(c.url, 'url'),
    ...(typeof c.secretVariable === 'string' && VARIABLE_NAME_PATTERN.test(c.secretVariable)
      ? []
      : ['secretVariable must name the variable that holds the signing secret']),
  ],
};
