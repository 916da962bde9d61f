import { FIELD_TYPES, type FieldTypeName } from '@docket/contracts';
import type { CrossFieldRule, FieldDefinition, FieldType } from '@docket/document-intelligence';

import { isObject, only, optionalNumber } from '../config/config-checks';
import { list, object, text } from '../config/json-schema';
import { type HostedModelConfig, hostedModelProblems } from '../hosted/hosted-model.config';
import type { NodeDefinition } from '../node-definition';
import { FIELD_KEY, fieldsProblems } from './field-definition.rules';

/**
 * ai.extract: field definitions of the document-intelligence engine (key, type, label,
 * synonyms, patterns, required, confidenceThreshold, scope, validation rules, options,
 * columns, fields), plus cross-field rules. Fields that fail validation or fall under their
 * confidence threshold are flagged for review.
 */
export interface ExtractConfig {
  fields: readonly FieldDefinition[];
  crossFieldRules?: readonly CrossFieldRule[];
  defaultConfidenceThreshold?: number;
  /** A hosted model that fills what rules and layout memory leave, or reads everything. */
  hosted?: HostedModelConfig;
}

const FIELD_DEFINITION_SCHEMA = object(
  {
    key: text('Key', { pattern: FIELD_KEY }),
    type: text('Type', { enum: [...FIELD_TYPES], default: 'string' }),
    label: text('Label (the caption on the page)'),
    synonyms: list('Other captions', text('Caption')),
    required: { type: 'boolean', title: 'Required' },
    confidenceThreshold: { type: 'number', title: 'Confidence threshold', minimum: 0, maximum: 1 },
    options: list('Options (enum)', text('Option')),
    columns: list(
      'Columns (table)',
      object(
        { key: text('Key', { pattern: FIELD_KEY }), type: text('Type'), label: text('Label') },
        ['key', 'type'],
      ),
    ),
  },
  ['key', 'type'],
);

const extractProblems = (c: Record<string, unknown>): string[] => [
  ...only(c, ['fields', 'crossFieldRules', 'defaultConfidenceThreshold', 'hosted']),
  ...hostedModelProblems(c.hosted),
  ...fieldsProblems(c.fields),
  ...(c.crossFieldRules === undefined ||
  (Array.isArray(c.crossFieldRules) && c.crossFieldRules.every(isObject))
    ? []
    : ['crossFieldRules must be a list of rules']),
  ...optionalNumber(c, 'defaultConfidenceThreshold', 0, 1),
];

export const AI_EXTRACT_NODE: NodeDefinition = {
  type: 'ai.extract',
  category: 'AI intelligence',
  title: 'Extract',
  description: 'Reads fields and tables from each document; weak fields are flagged for review.',
  branches: [],
  configSchema: object(
    {
      fields: list('Fields', FIELD_DEFINITION_SCHEMA, { minItems: 1, maxItems: 200 }),
      defaultConfidenceThreshold: {
        type: 'number',
        title: 'Default confidence threshold',
        minimum: 0,
        maximum: 1,
      },
    },
    ['fields'],
  ),
  configProblems: extractProblems,
};

/**
 * Whether a configuration (a draft's node, a preview's request, the rules an item keeps) is an
 * ai.extract configuration: the node's rules are what make its fields the engine's definitions.
 */
export function isExtractConfig(config: unknown): config is ExtractConfig {
  return isObject(config) && extractProblems(config).length === 0;
}

/**
 * The engine reads every field type the API offers (FIELD_TYPES) and no other: a type added on
 * one side only stops this from compiling.
 */
type SameUnion<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const ENGINE_READS_EVERY_FIELD_TYPE: SameUnion<FieldType, FieldTypeName> = true;
