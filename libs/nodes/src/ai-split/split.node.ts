import type { ClassDefinitionConfig } from '../ai-classify/class-definitions';
import { CLASS_DEFINITION_SCHEMA, classesProblems } from '../ai-classify/class-definitions';
import { only } from '../config/config-checks';
import { list, object } from '../config/json-schema';
import type { NodeDefinition } from '../node-definition';

export interface SplitConfig {
  /** Classes that help find where one document ends and the next begins. */
  classes?: ClassDefinitionConfig[];
}

export const AI_SPLIT_NODE: NodeDefinition = {
  type: 'ai.split',
  category: 'AI intelligence',
  title: 'Split',
  description: 'Cuts a file into its documents.',
  branches: [],
  configSchema: object({ classes: list('Classes', CLASS_DEFINITION_SCHEMA) }),
  configProblems: (c) => [
    ...only(c, ['classes']),
    ...(c.classes === undefined ? [] : classesProblems(c.classes)),
  ],
};
