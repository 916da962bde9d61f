import { Transform } from 'class-transformer';

/** Plain decimal digits, no sign, no leading zeros, no spaces, exponents or hex. */
const DECIMAL_INTEGER = /^(0|[1-9]\d*)$/;

/**
 * Reads an integer query parameter strictly: "20" is 20; "1e3", "0x10", " 1", "1.0", "" and
 * anything beyond Number.MAX_SAFE_INTEGER stay as they are, so @IsInt() refuses them with a 400
 * instead of Number() coercing them into an accepted (or out-of-range for PostgreSQL) value.
 * Numbers pass unchanged: a request already validated at the gateway reaches services as JSON.
 */
export function parseStrictInteger(value: unknown): unknown {
  if (typeof value !== 'string' || !DECIMAL_INTEGER.test(value)) return value;
  const parsed = Number(value);
  return Number.isSafeInteger(parsed) ? parsed : value;
}

/** The one way to declare an integer query parameter (pair it with @IsInt() and bounds). */
export const StrictInteger = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => parseStrictInteger(value));
