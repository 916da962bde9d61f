import { only } from '../config/config-checks';
import { object } from '../config/json-schema';
import type { NodeDefinition } from '../node-definition';

export const TRIGGER_API_NODE: NodeDefinition = {
  type: 'trigger.api',
  category: 'Triggers',
  title: 'API call',
  description: 'Starts a run when POST /flows/{flowId}/run is called.',
  branches: [],
  configSchema: object({}),
  configProblems: (c) => only(c, []),
};
