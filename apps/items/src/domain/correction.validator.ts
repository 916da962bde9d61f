import type { JsonValue, ReviewRulesInput } from '@docket/contracts';
import {
  type ExtractedField,
  type FieldDefinition,
  type FieldType,
  parseBoolean,
  parseDate,
  type ParsedValue,
  parseEnum,
  parseMoney,
  parseNumber,
  type ScalarFieldDefinition,
  type ScalarValue,
  validateFields,
} from '@docket/document-intelligence';
import { isExtractConfig } from '@docket/nodes';
import { DocketException } from '@docket/platform';

/** A string value as the extraction keeps them (SCALAR_FIELD_VALUE_MAX_LENGTH). */
const MAX_TEXT_LENGTH = 1000;
/** A table the review screen can show; an extraction never finds more rows on a form. */
export const MAX_TABLE_ROWS = 500;

type Row = Record<string, JsonValue>;

/** Where in a field a refused value is: the field, or a table cell / object property of it. */
interface Place {
  field: string;
  label: string;
  row?: number;
  column?: string;
}

function refuse(place: Place, message: string): DocketException {
  const { label, ...details } = place;
  return DocketException.invalid(`${label}: ${message}`, details);
}

function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 60 ? `"${text.slice(0, 57)}…"` : `"${text}"`;
}

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A parser's answer counts only when it read the whole text: "12 hundred" is not 12. */
function whole<T extends ScalarValue>(parsed: ParsedValue<T> | null, text: string): T | null {
  return parsed && parsed.start === 0 && parsed.end === text.length ? parsed.value : null;
}

/** The definition of a scalar column or property; configured without a type it is text. */
function scalarDefinition(
  key: string,
  definition: Record<string, unknown> | undefined,
): ScalarFieldDefinition {
  return { type: 'string', ...definition, key } as ScalarFieldDefinition;
}

/**
 * One scalar as the field's type stores it, from what a reviewer typed (text, read with the
 * same normalisers as the extraction) or sent as JSON: money as {amount, currency}, dates as
 * ISO YYYY-MM-DD, enums as the option's value. Empty means no value (null).
 */
function correctScalar(
  place: Place,
  definition: ScalarFieldDefinition,
  value: JsonValue,
): ScalarValue | null {
  if (value === null) return null;
  const text = typeof value === 'string' ? value.trim() : null;
  if (text === '') return null;
  switch (definition.type) {
    case 'number': {
      if (typeof value === 'number') return value;
      const parsed = text === null ? null : whole(parseNumber(text, definition.decimals), text);
      if (parsed === null) throw refuse(place, `${shown(value)} is not a number`);
      return parsed;
    }
    case 'money': {
      const fallback = definition.defaultCurrency ?? 'USD';
      if (typeof value === 'number') return { amount: value, currency: fallback };
      if (isRow(value)) {
        const { amount, currency, ...rest } = value;
        if (
          typeof amount === 'number' &&
          Number.isFinite(amount) &&
          (currency === undefined ||
            (typeof currency === 'string' && /^[A-Z]{3}$/.test(currency))) &&
          Object.keys(rest).length === 0
        ) {
          return { amount, currency: currency ?? fallback };
        }
      }
      const parsed = text === null ? null : whole(parseMoney(text, fallback), text);
      if (parsed === null) {
        throw refuse(
          place,
          `${shown(value)} is not an amount of money (write it like 1200.00 or 1,200.00 EUR)`,
        );
      }
      return parsed;
    }
    case 'date': {
      const parsed = text === null ? null : whole(parseDate(text, definition.dateOrder), text);
      if (parsed === null) {
        throw refuse(place, `${shown(value)} is not a date (write it like 2025-02-28)`);
      }
      return parsed;
    }
    case 'boolean': {
      if (typeof value === 'boolean') return value;
      const parsed =
        text === null
          ? null
          : whole(parseBoolean(text, definition.trueValues, definition.falseValues), text);
      if (parsed === null) throw refuse(place, `${shown(value)} is not yes or no`);
      return parsed;
    }
    case 'enum': {
      const options = definition.options ?? [];
      if (text === null) throw refuse(place, `${shown(value)} is not one of the options`);
      if (options.length === 0) return text;
      const parsed = whole(parseEnum(text, options), text);
      if (parsed === null) {
        throw refuse(
          place,
          `${shown(value)} is not one of ${options.map((option) => option.value).join(', ')}`,
        );
      }
      return parsed;
    }
    default: {
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      if (text === null) throw refuse(place, `${shown(value)} is not text`);
      if (text.length > MAX_TEXT_LENGTH) {
        throw refuse(place, `is ${text.length} characters long; at most ${MAX_TEXT_LENGTH}`);
      }
      return text;
    }
  }
}

/** Sub-values (table cells, object properties): only the declared keys, each by its type. */
function correctRecord(
  place: Place,
  declared: ReadonlyArray<Record<string, unknown>> | undefined,
  value: JsonValue,
  what: string,
): Row {
  if (!isRow(value)) throw refuse(place, `${what} must be an object of values`);
  const definitions = new Map((declared ?? []).map((d) => [String(d.key), d]));
  const corrected: Row = {};
  for (const [key, cell] of Object.entries(value)) {
    if (declared && !definitions.has(key)) {
      throw refuse(
        { ...place, column: key },
        `${what} has no ${shown(key)}; it has ${[...definitions.keys()].join(', ')}`,
      );
    }
    const at = { ...place, column: key, label: `${place.label} ${key}` };
    const scalar = correctScalar(at, scalarDefinition(key, definitions.get(key)), cell);
    corrected[key] = scalar as JsonValue;
  }
  return corrected;
}

/**
 * A reviewer's value for a field, checked and normalised by the field's type and (when the run
 * gave them) its definition. Refused with a 400 VALIDATION_FAILED naming the field, and the
 * row and column of a table cell.
 */
export function correctValue(
  key: string,
  type: string,
  definition: FieldDefinition | undefined,
  value: JsonValue,
): JsonValue {
  const place: Place = { field: key, label: key };
  if (type === 'table') {
    if (value === null) return [];
    if (!Array.isArray(value)) throw refuse(place, 'a table is a list of rows');
    if (value.length > MAX_TABLE_ROWS) {
      throw refuse(place, `has ${value.length} rows; at most ${MAX_TABLE_ROWS}`);
    }
    const columns = definition?.type === 'table' ? definition.columns : undefined;
    return value.map((row, index) =>
      correctRecord(
        { ...place, row: index + 1, label: `${key} row ${index + 1}` },
        columns as unknown as Array<Record<string, unknown>> | undefined,
        row,
        'a row',
      ),
    );
  }
  if (type === 'object') {
    if (value === null) return null;
    const properties = definition?.type === 'object' ? definition.fields : undefined;
    return correctRecord(
      place,
      properties as unknown as Array<Record<string, unknown>> | undefined,
      value,
      'the value',
    );
  }
  const scalar =
    definition && definition.type !== 'table' && definition.type !== 'object'
      ? definition
      : scalarDefinition(key, { type });
  return correctScalar(place, scalar, value) as JsonValue;
}

export interface CurrentField {
  key: string;
  type: string;
  value: JsonValue;
  documentId: string | null;
}

/** The field's definition in the rules the run gave, if any. */
export function definitionOf(
  rules: ReviewRulesInput | null,
  key: string,
): FieldDefinition | undefined {
  if (!rules || !isExtractConfig(rules)) return undefined;
  return rules.fields.find((field) => field.key === key);
}

/** A stored field as the validator reads an extraction: a person's value is certain. */
function asChecked(field: CurrentField): ExtractedField {
  const base = {
    key: field.key,
    type: field.type as FieldType,
    value: field.value as ExtractedField['value'],
    confidence: 1,
    source: 'not-found' as const,
    notes: [],
    doubts: [],
    ...(field.documentId ? { documentId: field.documentId } : {}),
  };
  if (!Array.isArray(field.value)) return base;
  const rows = field.value.filter(isRow).map((row) => ({
    confidence: 1,
    cells: Object.fromEntries(
      Object.entries(row).map(([column, cell]) => [
        column,
        { value: cell as ScalarValue | null, text: String(cell ?? ''), confidence: 1 },
      ]),
    ),
  }));
  return { ...base, rows };
}

/**
 * The flow's field rules (and the cross-field rules naming it) run again on a corrected field,
 * with every other field as it stands: the flags say what is still wrong with the new value.
 * Without rules nothing is known to be wrong.
 */
export function flagsAfterCorrection(
  rules: ReviewRulesInput | null,
  corrected: CurrentField,
  others: CurrentField[],
): { flagged: boolean; flagReasons: string[] } {
  // The rules are an ai.extract configuration's (the worker keeps them with the item as the
  // node's rules accepted them): checked again, they are the engine's field definitions.
  if (!rules || !isExtractConfig(rules)) return { flagged: false, flagReasons: [] };
  // One value per key, the corrected one: the validator reads fields by key.
  const rest = others.filter((other) => other.key !== corrected.key);
  const fields = [corrected, ...rest].map(asChecked);
  const [result] = validateFields(
    fields,
    { fields: rules.fields },
    {
      crossFieldRules: rules.crossFieldRules,
      defaultConfidenceThreshold: rules.defaultConfidenceThreshold,
    },
  ).fields;
  const flagReasons = result.flagReasons.map((reason) => reason.slice(0, 500)).slice(0, 50);
  return { flagged: flagReasons.length > 0, flagReasons };
}
