import type {
  ExtractedField,
  ExtractedRow,
  FieldValue,
  Grounding,
  MoneyValue,
  ScalarValue,
} from '../schema/extraction-result.types';
import { NOT_FOUND_DOUBT } from '../schema/extraction-result.types';
import type { FieldDefinition, FieldSchema, FieldType } from '../schema/field-schema.types';
import type {
  CrossFieldRule,
  FieldRule,
  ValidationConfig,
  ValidationContext,
} from '../schema/validation-rule.types';
import { columnFormSlips } from './column-form-slips';
import { gappedColumnCells } from './gapped-columns';
import { atPageEdge } from './page-edge';
import { strayStop } from './stray-stops';
import { unsureFigure } from './unsure-figures';

export interface ValidatedField {
  readonly key: string;
  readonly type: FieldType;
  readonly value: FieldValue | null;
  readonly confidence: number;
  readonly documentId?: string;
  readonly grounding?: Grounding;
  readonly flagged: boolean;
  readonly flagReasons: readonly string[];
  /** How the value was found (a caption, a pattern, a remembered layout, ...). */
  readonly source?: ExtractedField['source'];
  /** Table rows with per-cell confidence and grounding, for the review screen. */
  readonly rows?: readonly ExtractedRow[];
  /** Object properties, each validated like a field. */
  readonly properties?: readonly ValidatedField[];
}

export interface ValidationResult {
  readonly fields: readonly ValidatedField[];
  /** True when any field is flagged: the run must create a review item. */
  readonly needsReview: boolean;
}

const DEFAULT_THRESHOLD = 0.7;

function isMoney(value: unknown): value is MoneyValue {
  return typeof value === 'object' && value !== null && 'amount' in value && 'currency' in value;
}

function isEmpty(value: FieldValue | null): boolean {
  if (value === null) return true;
  if (typeof value === 'string') return value.trim().length === 0;
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function display(value: ScalarValue | null | undefined): string {
  if (value === null || value === undefined) return 'empty';
  if (isMoney(value)) return `${value.currency} ${value.amount.toFixed(2)}`;
  return String(value);
}

/** A comparable number for range rules: amounts, numbers, or ISO dates as epoch days. */
function comparable(value: ScalarValue | string | number): number | null {
  if (typeof value === 'number') return value;
  if (isMoney(value)) return value.amount;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))
    return Date.parse(`${value}T00:00:00Z`) / 86_400_000;
  return null;
}

function checkRule(
  rule: FieldRule,
  value: FieldValue | null,
  context: ValidationContext,
): string | null {
  if (rule.kind === 'required')
    return isEmpty(value) ? (rule.message ?? 'required value missing') : null;
  if (value === null || Array.isArray(value) || (typeof value === 'object' && !isMoney(value)))
    return null;
  const scalar = value as ScalarValue;
  switch (rule.kind) {
    case 'pattern': {
      const text = isMoney(scalar) ? String(scalar.amount) : String(scalar);
      return new RegExp(rule.pattern).test(text)
        ? null
        : (rule.message ?? `value ${display(scalar)} does not match ${rule.pattern}`);
    }
    case 'range': {
      const actual = comparable(scalar);
      if (actual === null)
        return rule.message ?? `value ${display(scalar)} cannot be range-checked`;
      const min = rule.min === undefined ? null : comparable(rule.min);
      const max = rule.max === undefined ? null : comparable(rule.max);
      if (min !== null && actual < min)
        return rule.message ?? `value ${display(scalar)} below minimum ${String(rule.min)}`;
      if (max !== null && actual > max)
        return rule.message ?? `value ${display(scalar)} above maximum ${String(rule.max)}`;
      return null;
    }
    case 'enum':
      return rule.values.includes(String(scalar))
        ? null
        : (rule.message ?? `value ${display(scalar)} is not one of ${rule.values.join(', ')}`);
    case 'lookup': {
      const list = context.referenceLists?.[rule.list];
      if (!list) return `reference list ${rule.list} not available`;
      const wanted = rule.caseSensitive
        ? String(scalar).trim()
        : String(scalar).trim().toLowerCase();
      const found = list.some(
        (entry) => (rule.caseSensitive ? entry.trim() : entry.trim().toLowerCase()) === wanted,
      );
      return found
        ? null
        : (rule.message ?? `value ${display(scalar)} not found in reference list ${rule.list}`);
    }
  }
}

function rulesOf(definition: FieldDefinition): FieldRule[] {
  const rules = [...(definition.validation ?? [])];
  if (definition.required && !rules.some((r) => r.kind === 'required'))
    rules.unshift({ kind: 'required' });
  return rules;
}

function validateOne(
  field: ExtractedField,
  definition: FieldDefinition | undefined,
  config: ValidationConfig,
  context: ValidationContext,
): ValidatedField {
  const reasons: string[] = [];
  const rules = definition ? rulesOf(definition) : [];
  for (const rule of rules) {
    const failure = checkRule(rule, field.value, context);
    if (failure) reasons.push(failure);
  }
  // The engine's own doubts. Every configured field left empty is one (a form the engine
  // cannot read must not pass silently); a missing required value is already said by its rule.
  const doubts = field.doubts ?? (isEmpty(field.value) ? [NOT_FOUND_DOUBT] : []);
  for (const doubt of doubts) {
    if (doubt === NOT_FOUND_DOUBT && reasons.length > 0) continue;
    reasons.push(doubt);
  }
  const cut = field.type === 'table' || isEmpty(field.value) ? null : atPageEdge(field.grounding);
  if (cut) reasons.push(cut);
  const threshold =
    definition?.confidenceThreshold ?? config.defaultConfidenceThreshold ?? DEFAULT_THRESHOLD;
  // An absent optional field has nothing to doubt; only present values are threshold-checked.
  if (!isEmpty(field.value) && field.confidence < threshold) {
    reasons.push(
      `confidence ${field.confidence.toFixed(2)} below threshold ${threshold.toFixed(2)}`,
    );
  }

  let properties: ValidatedField[] | undefined;
  if (definition?.type === 'object' && field.properties) {
    properties = field.properties.map((p) =>
      validateOne(
        p,
        definition.fields.find((f) => f.key === p.key),
        config,
        context,
      ),
    );
    for (const p of properties) for (const r of p.flagReasons) reasons.push(`${p.key}: ${r}`);
  }
  if (definition?.type === 'table' && field.rows) {
    field.rows.forEach((row, index) => {
      for (const column of definition.columns) {
        const cell = row.cells[column.key];
        if (column.required && (!cell || cell.value === null))
          reasons.push(`row ${index + 1}: ${column.key} missing`);
        const columnThreshold = column.confidenceThreshold ?? threshold;
        if (cell && cell.value !== null && cell.confidence < columnThreshold) {
          reasons.push(
            `row ${index + 1}: ${column.key} confidence ${cell.confidence.toFixed(2)} below threshold ${columnThreshold.toFixed(2)}`,
          );
        }
        const unsure = cell ? (unsureFigure(column, cell) ?? strayStop(column, cell)) : null;
        if (unsure) reasons.push(`row ${index + 1}: ${unsure}`);
        for (const rule of column.validation ?? []) {
          const failure = cell ? checkRule(rule, cell.value, context) : null;
          if (failure) reasons.push(`row ${index + 1}: ${column.key} ${failure}`);
        }
      }
    });
    reasons.push(...gappedColumnCells(definition.columns, field.rows));
    reasons.push(...columnFormSlips(definition.columns, field.rows));
  }
  for (const note of field.notes) if (note.startsWith('value not grounded')) reasons.push(note);

  return {
    key: field.key,
    type: field.type,
    value: field.value,
    confidence: field.confidence,
    ...(field.documentId === undefined ? {} : { documentId: field.documentId }),
    ...(field.grounding === undefined ? {} : { grounding: field.grounding }),
    flagged: reasons.length > 0,
    flagReasons: reasons,
    source: field.source,
    ...(field.rows === undefined ? {} : { rows: field.rows }),
    ...(properties === undefined ? {} : { properties }),
  };
}

/** Reads `key` or `object.property`. */
function lookupValue(
  fields: ReadonlyMap<string, ExtractedField>,
  path: string,
): FieldValue | null | undefined {
  const [key, property] = path.split('.', 2);
  const field = fields.get(key);
  if (!field) return undefined;
  if (property === undefined) return field.value;
  const value = field.value;
  if (value === null || typeof value !== 'object' || Array.isArray(value) || isMoney(value))
    return undefined;
  return (value as Readonly<Record<string, ScalarValue | null>>)[property] ?? null;
}

function checkCrossRule(
  rule: CrossFieldRule,
  fields: ReadonlyMap<string, ExtractedField>,
): { keys: string[]; reason: string } | null {
  switch (rule.kind) {
    case 'date-order': {
      const earlier = lookupValue(fields, rule.earlier);
      const later = lookupValue(fields, rule.later);
      // Missing values are reported by their own required rules, not here.
      if (typeof earlier !== 'string' || typeof later !== 'string') return null;
      const ok = rule.allowEqual === false ? earlier < later : earlier <= later;
      if (ok) return null;
      return {
        keys: [rule.earlier.split('.')[0], rule.later.split('.')[0]],
        reason:
          rule.message ?? `${rule.earlier} (${earlier}) must not be after ${rule.later} (${later})`,
      };
    }
    case 'sum-equals': {
      const table = lookupValue(fields, rule.table);
      const total = lookupValue(fields, rule.total);
      if (!Array.isArray(table) || total === null || total === undefined) return null;
      const totalAmount = comparable(total as ScalarValue);
      if (totalAmount === null) return null;
      let sum = 0;
      for (const row of table) {
        const cell = row[rule.column];
        const amount = cell === null || cell === undefined ? null : comparable(cell);
        if (amount !== null) sum += amount;
      }
      const tolerance = rule.tolerance ?? 0.005;
      if (Math.abs(sum - totalAmount) <= tolerance) return null;
      return {
        keys: [rule.table.split('.')[0], rule.total.split('.')[0]],
        reason:
          rule.message ??
          `sum of ${rule.table}.${rule.column} (${sum.toFixed(2)}) differs from ${rule.total} (${totalAmount.toFixed(2)})`,
      };
    }
  }
}

/**
 * Applies field rules, confidence thresholds and cross-field rules. Fields are flagged with
 * every reason that applies; the run needs review when any field is flagged.
 */
export function validateFields(
  fields: readonly ExtractedField[],
  schema: FieldSchema,
  config: ValidationConfig = {},
  context: ValidationContext = {},
): ValidationResult {
  const definitions = new Map(schema.fields.map((f) => [f.key, f]));
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const validated = fields.map((f) => validateOne(f, definitions.get(f.key), config, context));
  const extraReasons = new Map<string, string[]>();
  for (const rule of config.crossFieldRules ?? []) {
    const failure = checkCrossRule(rule, byKey);
    if (!failure) continue;
    for (const key of failure.keys)
      extraReasons.set(key, [...(extraReasons.get(key) ?? []), failure.reason]);
  }
  const result = validated.map((f) => {
    const extra = extraReasons.get(f.key);
    return extra ? { ...f, flagged: true, flagReasons: [...f.flagReasons, ...extra] } : f;
  });
  return { fields: result, needsReview: result.some((f) => f.flagged) };
}
