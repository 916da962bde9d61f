import type {
  FieldDefinition,
  FieldSchema,
  ScalarFieldDefinition,
} from '../schema/field-schema.types';
import type { JsonSchema } from './hosted-model.provider';

function describe(field: FieldDefinition): string {
  const names = [field.label ?? field.key, ...(field.synonyms ?? [])].join(' / ');
  return field.description ? `${names}. ${field.description}` : names;
}

function scalarSchema(field: ScalarFieldDefinition, nullable: boolean): JsonSchema {
  const type = (t: string): string | string[] => (nullable ? [t, 'null'] : t);
  const description = describe(field);
  switch (field.type) {
    case 'string':
      return { type: type('string'), description: `${description}. Exactly as printed.` };
    case 'number':
      return { type: type('number'), description };
    case 'money':
      return {
        type: type('object'),
        description,
        properties: {
          amount: { type: 'number', description: 'Negative for credits' },
          currency: {
            type: 'string',
            description: `ISO 4217 code; ${field.defaultCurrency ?? 'USD'} when only "$" is shown`,
          },
        },
        required: ['amount', 'currency'],
        additionalProperties: false,
      };
    case 'date':
      return { type: type('string'), description: `${description}. ISO 8601 date YYYY-MM-DD.` };
    case 'boolean':
      return { type: type('boolean'), description };
    case 'enum':
      return {
        type: type('string'),
        description,
        enum: [...field.options.map((o) => o.value), ...(nullable ? [null] : [])],
      };
  }
}

function fieldSchema(field: FieldDefinition): JsonSchema {
  if (field.type === 'table') {
    return {
      type: 'array',
      description: `${describe(field)}. One object per table row, in page order.`,
      items: {
        type: 'object',
        properties: Object.fromEntries(field.columns.map((c) => [c.key, scalarSchema(c, true)])),
        required: field.columns.map((c) => c.key),
        additionalProperties: false,
      },
    };
  }
  if (field.type === 'object') {
    return {
      type: ['object', 'null'],
      description: describe(field),
      properties: Object.fromEntries(field.fields.map((f) => [f.key, scalarSchema(f, true)])),
      required: field.fields.map((f) => f.key),
      additionalProperties: false,
    };
  }
  return scalarSchema(field, true);
}

/**
 * A strict JSON Schema for the whole field schema: every key required and nullable, so the
 * model says "null" instead of leaving a key out or inventing one.
 */
export function buildFieldJsonSchema(schema: FieldSchema): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(schema.fields.map((f) => [f.key, fieldSchema(f)])),
    required: schema.fields.map((f) => f.key),
    additionalProperties: false,
  };
}
