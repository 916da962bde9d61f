import type { ScalarValue } from '../schema/extraction-result.types';
import type { ScalarFieldDefinition } from '../schema/field-schema.types';
import { parseDate } from '../values/date-normaliser';
import { parseEnum } from '../values/enum-normaliser';
import { parseNumber } from '../values/money-normaliser';
import { normaliseString } from '../values/string-normaliser';

/**
 * Brings a model's answer into the engine's normal form (ISO dates, {amount, currency}, option
 * values). Models follow the schema's types but not always its formats, so "03/05/2024" in a
 * date field is re-parsed rather than rejected. Undefined means "not a value of this type".
 */
export function coerceHostedValue(
  raw: unknown,
  field: ScalarFieldDefinition,
): ScalarValue | null | undefined {
  if (raw === null || raw === undefined) return null;
  switch (field.type) {
    case 'string':
      return typeof raw === 'string'
        ? raw.trim() === ''
          ? null
          : normaliseString(raw, field.normalise)
        : undefined;
    case 'number':
      if (typeof raw === 'number' && Number.isFinite(raw)) return raw;
      return typeof raw === 'string'
        ? (parseNumber(raw, field.decimals)?.value ?? undefined)
        : undefined;
    case 'money': {
      const currency = field.defaultCurrency ?? 'USD';
      if (typeof raw === 'number' && Number.isFinite(raw)) return { amount: raw, currency };
      if (typeof raw !== 'object' || Array.isArray(raw)) return undefined;
      const { amount, currency: given } = raw as { amount?: unknown; currency?: unknown };
      if (typeof amount !== 'number' || !Number.isFinite(amount)) return undefined;
      return {
        amount: Math.round(amount * 100) / 100,
        currency:
          typeof given === 'string' && /^[A-Za-z]{3}$/.test(given) ? given.toUpperCase() : currency,
      };
    }
    case 'date':
      return typeof raw === 'string'
        ? (parseDate(raw, field.dateOrder)?.value ?? undefined)
        : undefined;
    case 'boolean':
      return typeof raw === 'boolean' ? raw : undefined;
    case 'enum':
      return typeof raw === 'string'
        ? (parseEnum(raw, field.options)?.value ?? undefined)
        : undefined;
  }
}
