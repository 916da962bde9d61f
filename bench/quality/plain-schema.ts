import type {
  FieldDefinition,
  FieldSchema,
  ScalarFieldDefinition,
} from '@docket/document-intelligence';

/**
 * What a first-time user writes for a new document type: each field's key, its type and one
 * plain label; enum options by value; table columns and object sub-fields the same way. No
 * synonyms, patterns, descriptions, thresholds or validation rules: those are what an operator
 * adds after seeing documents, and the expert configuration was written together with the
 * benchmark's layouts, so scoring with it alone flattered the engine.
 */
export function plainSchema(schema: FieldSchema): FieldSchema {
  return { fields: schema.fields.map(plainField) };
}

function plainField(field: FieldDefinition): FieldDefinition {
  switch (field.type) {
    case 'table':
      return {
        key: field.key,
        type: 'table',
        label: field.label,
        columns: field.columns.map(plainScalar),
      };
    case 'object':
      return {
        key: field.key,
        type: 'object',
        label: field.label,
        fields: field.fields.map(plainScalar),
      };
    default:
      return plainScalar(field);
  }
}

function plainScalar(field: ScalarFieldDefinition): ScalarFieldDefinition {
  if (field.type === 'enum') {
    return {
      key: field.key,
      type: 'enum',
      label: field.label,
      options: field.options.map(({ value }) => ({ value })),
    };
  }
  return { key: field.key, type: field.type, label: field.label } as ScalarFieldDefinition;
}
