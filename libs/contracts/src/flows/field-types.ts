/**
 * The value types of an extraction field, said once: scalars (one value at one place on the
 * page), and tables and objects, which hold scalar columns or sub-fields. The node
 * configuration rules, the OpenAPI document, the builder's form and layout learning read these;
 * the engine's FieldType (document-intelligence) is checked against them at compile time.
 */
export const SCALAR_FIELD_TYPES = ['string', 'number', 'money', 'date', 'boolean', 'enum'] as const;
export const FIELD_TYPES = [...SCALAR_FIELD_TYPES, 'table', 'object'] as const;

export type ScalarFieldTypeName = (typeof SCALAR_FIELD_TYPES)[number];
export type FieldTypeName = (typeof FIELD_TYPES)[number];
