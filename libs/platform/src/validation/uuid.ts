/**
 * The shape of a UUID (8-4-4-4-12 hex digits, either case, any version), for values that are not
 * request properties: a path segment, a search term, a container name, a token's claim. Request
 * properties say `@IsUUID('4')` and class-validator checks them, version included.
 */
const UUID_SHAPE = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_SHAPE.test(value);
}
