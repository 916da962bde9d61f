import { only, optionalText } from '../config/config-checks';
import { object, text } from '../config/json-schema';
import type { NodeDefinition } from '../node-definition';

export interface FileTriggerConfig {
  /** Only files uploaded with this category start a run; absent = every READY file. */
  category?: string;
}

export const TRIGGER_FILE_NODE: NodeDefinition = {
  type: 'trigger.file',
  category: 'Triggers',
  title: 'File uploaded',
  description: 'Starts a run when a file of the workspace becomes READY.',
  branches: [],
  configSchema: object({
    category: text('Only files of this category', { maxLength: 64 }),
  }),
  configProblems: (c) => [...only(c, ['category']), ...optionalText(c, 'category', 64)],
};
