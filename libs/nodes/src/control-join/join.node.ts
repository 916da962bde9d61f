import { only } from '../config/config-checks';
import { object } from '../config/json-schema';
import type { NodeDefinition } from '../node-definition';

export const CONTROL_JOIN_NODE: NodeDefinition = {
  type: 'control.join',
  category: 'Controls',
  title: 'Join',
  description: 'Waits for every incoming branch.',
  branches: [],
  configSchema: object({}),
  configProblems: (c) => only(c, []),
};
