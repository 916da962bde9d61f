import { registerDecorator, ValidationOptions } from 'class-validator';

/** Nesting and size bounds keep one field from turning into a document store. */
const MAX_DEPTH = 6;
const MAX_SERIALIZED_BYTES = 64 * 1024;

/**
 * A field value is a scalar, an object, or an array of row objects (a table). Arrays of
 * scalars, deeper-than-sensible nesting and oversized values are refused.
 */
export function isFieldValue(value: unknown): boolean {
  if (value === undefined) return false;
  if (Array.isArray(value)) {
    if (!value.every((row) => isPlainObject(row) && isJson(row, 1))) return false;
  } else if (!isJson(value, 0)) {
    return false;
  }
  return Buffer.byteLength(JSON.stringify(value)) <= MAX_SERIALIZED_BYTES;
}

function isJson(value: unknown, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((entry) => isJson(entry, depth + 1));
  if (isPlainObject(value)) return Object.values(value).every((entry) => isJson(entry, depth + 1));
  return false;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function IsFieldValue(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isFieldValue',
      target: target.constructor,
      propertyName: String(propertyName),
      options: {
        message: `$property must be a scalar, an object or an array of row objects (at most ${MAX_DEPTH} levels, ${MAX_SERIALIZED_BYTES / 1024} KiB)`,
        ...options,
      },
      validator: { validate: isFieldValue },
    });
}

export const SCALAR_FIELD_VALUE_MAX_LENGTH = 1000;

/** A single value as the engine normalises it: a string, a finite number or a boolean. */
export function isScalarFieldValue(value: unknown): boolean {
  if (typeof value === 'string') {
    return value.length > 0 && value.length <= SCALAR_FIELD_VALUE_MAX_LENGTH;
  }
  return (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean';
}

export function IsScalarFieldValue(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isScalarFieldValue',
      target: target.constructor,
      propertyName: String(propertyName),
      options: {
        message: `$property must be a string (1-${SCALAR_FIELD_VALUE_MAX_LENGTH} characters), a number or a boolean`,
        ...options,
      },
      validator: { validate: isScalarFieldValue },
    });
}
