import { AI_CLASSIFY_METHODS, type AiClassifyMethod } from '@docket/contracts';

import { only, optionalNumber } from '../config/config-checks';
import { list, object, text } from '../config/json-schema';
import { type HostedModelConfig, hostedModelProblems } from '../hosted/hosted-model.config';
import type { NodeDefinition } from '../node-definition';
import {
  CLASS_DEFINITION_SCHEMA,
  type ClassDefinitionConfig,
  classesProblems,
} from './class-definitions';

export interface ClassifyConfig {
  classes: ClassDefinitionConfig[];
  /** Below this the document stays unclassified. Default 0.5. */
  minConfidence?: number;
  /**
   * rules (keywords and patterns) and/or model (the project's classifier learned from reviewers'
   * confirmations, skipped until it knows two classes). Default both, in runs and previews.
   */
  methods?: AiClassifyMethod[];
  /** A hosted model that decides too ("fallback": only when the methods leave no class). */
  hosted?: HostedModelConfig;
}

export const AI_CLASSIFY_NODE: NodeDefinition = {
  type: 'ai.classify',
  category: 'AI intelligence',
  title: 'Classify',
  description: 'Gives each document a class from keywords, patterns and the learned model.',
  branches: [],
  configSchema: object(
    {
      classes: list('Classes', CLASS_DEFINITION_SCHEMA, { minItems: 1 }),
      minConfidence: { type: 'number', title: 'Minimum confidence', minimum: 0, maximum: 1 },
      methods: list('Methods', text('Method', { enum: [...AI_CLASSIFY_METHODS] }), {
        uniqueItems: true,
      }),
    },
    ['classes'],
  ),
  configProblems: (c) => [
    ...only(c, ['classes', 'minConfidence', 'methods', 'hosted']),
    ...classesProblems(c.classes),
    ...optionalNumber(c, 'minConfidence', 0, 1),
    ...classifyMethods(c.methods),
    ...hostedModelProblems(c.hosted),
  ],
};

/** Which classifiers decide: each of rules and model at most once, at least one. */
function classifyMethods(value: unknown): string[] {
  if (value === undefined) return [];
  const known: readonly unknown[] = AI_CLASSIFY_METHODS;
  return Array.isArray(value) &&
    value.length >= 1 &&
    value.every((method) => known.includes(method)) &&
    new Set(value).size === value.length
    ? []
    : [`methods must list one or more of ${AI_CLASSIFY_METHODS.join(', ')}, each once`];
}
