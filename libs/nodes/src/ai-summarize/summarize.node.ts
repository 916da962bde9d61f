import { isObject, only } from '../config/config-checks';
import { object } from '../config/json-schema';
import { type HostedModelConfig, hostedModelProblems } from '../hosted/hosted-model.config';
import type { NodeDefinition } from '../node-definition';

export interface SummarizeConfig {
  /** Per-class summary and insight templates, `{field}` placeholders. */
  templates?: Record<string, { summary?: string; insight?: string }>;
  classNames?: Record<string, string>;
  /** A hosted model writes the summary: always ("primary") or where no template applies. */
  hosted?: HostedModelConfig;
}

export const AI_SUMMARIZE_NODE: NodeDefinition = {
  type: 'ai.summarize',
  category: 'AI intelligence',
  title: 'Summarize',
  description: 'Writes the item summary and insight from per-class templates.',
  branches: [],
  configSchema: object({}),
  configProblems: (c) => [
    ...only(c, ['templates', 'classNames', 'hosted']),
    ...hostedModelProblems(c.hosted),
    ...(c.templates === undefined || isObject(c.templates)
      ? []
      : ['templates must map class labels to templates']),
    ...(c.classNames === undefined || isObject(c.classNames)
      ? []
      : ['classNames must map class labels to names']),
  ],
};
