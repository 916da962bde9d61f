import { ApiProperty } from '@nestjs/swagger';

import { AI_CLASSIFY_METHODS } from './ai.classify.v1';
import { NODE_CATEGORIES, NODE_TYPES, NodeType } from './flow-graph.types';
import { VARIABLE_NAME_PATTERN } from './variable.records';

/**
 * The node catalog the builder works from: per node type its category, what it does, the
 * branches its outgoing edges may carry, and its configuration as a JSON Schema, so a form can
 * be generated for it. The schema describes the settings a person fills in; whether a
 * configuration is valid is decided by the flows service when the draft is saved (its rules are
 * stricter, e.g. JSONata syntax and secret-slot placement), and the builder shows those answers.
 * Settings the schema leaves out (validation rules, cross-field rules, a hosted model,
 * templates) are edited in the builder's JSON view.
 */
type JsonSchema = Record<string, unknown>;

const text = (title: string, extra: JsonSchema = {}): JsonSchema => ({
  type: 'string',
  title,
  ...extra,
});
const list = (title: string, items: JsonSchema, extra: JsonSchema = {}): JsonSchema => ({
  type: 'array',
  title,
  items,
  ...extra,
});
const object = (properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
});

const VARIABLE_NAME = VARIABLE_NAME_PATTERN.source;
const FIELD_KEY = '^[A-Za-z][A-Za-z0-9_.-]{0,99}$';

const CLASS_DEFINITION = object(
  {
    label: text('Class label', { minLength: 1, maxLength: 100 }),
    description: text('Description'),
    keywords: list('Keywords', text('Keyword')),
    patterns: list('Patterns (regular expressions)', text('Pattern')),
  },
  ['label'],
);

const FIELD_DEFINITION = object(
  {
    key: text('Key', { pattern: FIELD_KEY }),
    type: text('Type', {
      enum: ['string', 'number', 'money', 'date', 'boolean', 'enum', 'table', 'object'],
      default: 'string',
    }),
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

export interface NodeTypeInfo {
  type: NodeType;
  category: string;
  title: string;
  description: string;
  /** Branches its outgoing edges carry; empty for plain edges, null when the config names them. */
  branches: string[] | null;
  configSchema: JsonSchema;
}

const INFO: Record<NodeType, Omit<NodeTypeInfo, 'type' | 'category'>> = {
  'trigger.api': {
    title: 'API call',
    description: 'Starts a run when POST /flows/{flowId}/run is called.',
    branches: [],
    configSchema: object({}),
  },
  'trigger.file': {
    title: 'File uploaded',
    description: 'Starts a run when a file of the workspace becomes READY.',
    branches: [],
    configSchema: object({
      category: text('Only files of this category', { maxLength: 64 }),
    }),
  },
  'trigger.schedule': {
    title: 'Schedule',
    description: 'Starts runs on a five-field cron schedule while the flow is active.',
    branches: [],
    configSchema: object({ cron: text('Cron expression', { default: '0 * * * *' }) }, ['cron']),
  },
  'ai.classify': {
    title: 'Classify',
    description: 'Gives each document a class from keywords, patterns and the learned model.',
    branches: [],
    configSchema: object(
      {
        classes: list('Classes', CLASS_DEFINITION, { minItems: 1 }),
        minConfidence: { type: 'number', title: 'Minimum confidence', minimum: 0, maximum: 1 },
        methods: list('Methods', text('Method', { enum: [...AI_CLASSIFY_METHODS] }), {
          uniqueItems: true,
        }),
      },
      ['classes'],
    ),
  },
  'ai.split': {
    title: 'Split',
    description: 'Cuts a file into its documents.',
    branches: [],
    configSchema: object({ classes: list('Classes', CLASS_DEFINITION) }),
  },
  'ai.extract': {
    title: 'Extract',
    description: 'Reads fields and tables from each document; weak fields are flagged for review.',
    branches: [],
    configSchema: object(
      {
        fields: list('Fields', FIELD_DEFINITION, { minItems: 1, maxItems: 200 }),
        defaultConfidenceThreshold: {
          type: 'number',
          title: 'Default confidence threshold',
          minimum: 0,
          maximum: 1,
        },
      },
      ['fields'],
    ),
  },
  'ai.summarize': {
    title: 'Summarize',
    description: 'Writes the item summary and insight from per-class templates.',
    branches: [],
    configSchema: object({}),
  },
  'control.route': {
    title: 'Route',
    description: 'Follows the first branch whose JSONata condition holds, else `default`.',
    branches: null,
    configSchema: object(
      {
        routes: list(
          'Routes',
          object(
            {
              branch: text('Branch', { pattern: '^[a-z0-9][a-z0-9_-]{0,63}$' }),
              when: text('When (JSONata)'),
            },
            ['branch', 'when'],
          ),
          { minItems: 1 },
        ),
      },
      ['routes'],
    ),
  },
  'control.for-each': {
    title: 'For each',
    description: 'Runs its `body` branch once per element, then follows `done`.',
    branches: ['body', 'done'],
    configSchema: object({ items: text('Items (JSONata)', { default: 'documents' }) }),
  },
  'control.join': {
    title: 'Join',
    description: 'Waits for every incoming branch.',
    branches: [],
    configSchema: object({}),
  },
  'utility.transform': {
    title: 'Transform',
    description: 'Computes its output with a JSONata expression over the run data.',
    branches: [],
    configSchema: object({ expression: text('Expression (JSONata)') }, ['expression']),
  },
  'utility.delay': {
    title: 'Delay',
    description: 'Waits a number of seconds.',
    branches: [],
    configSchema: object(
      { seconds: { type: 'integer', title: 'Seconds', minimum: 1, maximum: 604800, default: 60 } },
      ['seconds'],
    ),
  },
  'action.review': {
    title: 'Human review',
    description: 'Creates an item for a reviewer; follows `submitted`, or `timeout`.',
    branches: ['submitted', 'timeout'],
    configSchema: object({
      instructions: text('Instructions for the reviewer', { maxLength: 2000 }),
      timeoutSeconds: { type: 'integer', title: 'Timeout (seconds)', minimum: 60 },
    }),
  },
  'action.matching': {
    title: 'Match a reference table',
    description: 'Finds the best row of a CSV reference table for the item fields.',
    branches: [],
    configSchema: object(
      {
        referenceFileId: text('Reference file (CSV, file id)', { format: 'uuid' }),
        match: list(
          'Compare',
          object({ field: text('Field'), column: text('Column') }, ['field', 'column']),
          { minItems: 1 },
        ),
        threshold: { type: 'number', title: 'Threshold', minimum: 0, maximum: 1 },
      },
      ['match'],
    ),
  },
  'action.write-back': {
    title: 'Write back',
    description: 'POSTs the item data, signed with HMAC-SHA256, to your system.',
    branches: [],
    configSchema: object(
      {
        url: text('URL (https)', { format: 'uri' }),
        secretVariable: text('Signing secret (variable name)', { pattern: VARIABLE_NAME }),
      },
      ['url', 'secretVariable'],
    ),
  },
  'app.http-request': {
    title: 'HTTP request',
    description: 'Calls an https API; header values may hold {{vars.NAME}}.',
    branches: [],
    configSchema: object(
      {
        method: text('Method', { enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], default: 'GET' }),
        url: text('URL (https)', { format: 'uri' }),
        headers: {
          type: 'object',
          title: 'Headers',
          additionalProperties: { type: 'string' },
        },
        body: text('Body (JSONata)'),
      },
      ['method', 'url'],
    ),
  },
};

export const NODE_CATALOG: NodeTypeInfo[] = NODE_TYPES.map((type) => ({
  type,
  category: NODE_CATEGORIES[type],
  ...INFO[type],
}));

export class NodeTypeRecord implements NodeTypeInfo {
  @ApiProperty({ enum: NODE_TYPES }) type!: NodeType;
  @ApiProperty({
    enum: ['Triggers', 'Apps', 'Utilities', 'Actions', 'Controls', 'AI intelligence'],
  })
  category!: string;
  @ApiProperty() title!: string;
  @ApiProperty() description!: string;
  @ApiProperty({
    type: [String],
    nullable: true,
    description: 'Branches its outgoing edges carry; null when its configuration names them',
  })
  branches!: string[] | null;
  @ApiProperty({ type: Object, description: 'JSON Schema of the node configuration' })
  configSchema!: JsonSchema;
}
