/** The JSON Schema of a node configuration: what the builder generates its form from. */
export type JsonSchema = Record<string, unknown>;

export const text = (title: string, extra: JsonSchema = {}): JsonSchema => ({
  type: 'string',
  title,
  ...extra,
});

export const list = (title: string, items: JsonSchema, extra: JsonSchema = {}): JsonSchema => ({
  type: 'array',
  title,
  items,
  ...extra,
});

export const object = (
  properties: Record<string, JsonSchema>,
  required: string[] = [],
): JsonSchema => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
});
