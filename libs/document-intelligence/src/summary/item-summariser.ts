import type { FieldValue, MoneyValue, ScalarValue } from '../schema/extraction-result.types';
import type { FieldType } from '../schema/field-schema.types';

/** The parts of an extracted or validated field a summary needs. */
export interface SummaryField {
  readonly key: string;
  readonly type: FieldType;
  readonly value: FieldValue | null;
  readonly flagged?: boolean;
  readonly flagReasons?: readonly string[];
}

export interface SummaryDocument {
  readonly documentId?: string;
  readonly label: string | null;
  readonly fields: readonly SummaryField[];
}

export interface ItemSummaryInput {
  readonly documents: readonly SummaryDocument[];
  readonly itemFields?: readonly SummaryField[];
}

/**
 * Per-class templates. `{key}` inserts a field, `{class}` the class name; a `[...]` section is
 * dropped when a field inside it has no value, so "Invoice[ {invoice_number}]" reads well
 * either way.
 */
export interface SummaryTemplate {
  readonly summary?: string;
  readonly insight?: string;
}

export interface SummaryOptions {
  readonly templates?: Readonly<Record<string, SummaryTemplate>>;
  /** Display names of class labels ("fnol" -> "First notice of loss"). */
  readonly classNames?: Readonly<Record<string, string>>;
  /** Fields shown by the default template, per class; default: the first four with values. */
  readonly keyFields?: Readonly<Record<string, readonly string[]>>;
}

export interface ItemSummary {
  readonly summary: string;
  readonly insight: string;
  readonly source: 'template' | 'hosted';
}

const MONEY = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

function isMoney(value: unknown): value is MoneyValue {
  return typeof value === 'object' && value !== null && 'amount' in value && 'currency' in value;
}

export function formatValue(value: FieldValue | null): string | null {
  if (value === null) return null;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (isMoney(value)) return `${value.currency} ${MONEY.format(value.amount)}`;
  if (Array.isArray(value)) return `${value.length} row${value.length === 1 ? '' : 's'}`;
  const parts = Object.values(value as Readonly<Record<string, ScalarValue | null>>)
    .map((v) => formatValue(v))
    .filter((v): v is string => v !== null);
  return parts.length === 0 ? null : parts.join(', ');
}

function humanise(key: string): string {
  return key.replace(/[_-]+/g, ' ');
}

function className(label: string | null, options: SummaryOptions): string {
  if (label === null) return 'Unclassified document';
  const name = options.classNames?.[label] ?? humanise(label);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export function renderTemplate(template: string, values: ReadonlyMap<string, string>): string {
  const fill = (text: string): string | null => {
    let missing = false;
    const result = text.replace(/\{([A-Za-z0-9_.-]+)\}/g, (_, key: string) => {
      const value = values.get(key);
      if (value === undefined) missing = true;
      return value ?? '';
    });
    return missing ? null : result;
  };
  const withSections = template.replace(/\[([^[\]]*)\]/g, (_, inner: string) => fill(inner) ?? '');
  return (fill(withSections) ?? withSections.replace(/\{[A-Za-z0-9_.-]+\}/g, '?'))
    .replace(/\s+/g, ' ')
    .trim();
}

function valuesOf(
  document: SummaryDocument,
  options: SummaryOptions,
  extra: readonly SummaryField[],
): Map<string, string> {
  const values = new Map<string, string>([['class', className(document.label, options)]]);
  for (const field of [...extra, ...document.fields]) {
    const formatted = formatValue(field.value);
    if (formatted !== null) values.set(field.key, formatted);
  }
  return values;
}

function documentSummary(
  document: SummaryDocument,
  options: SummaryOptions,
  itemFields: readonly SummaryField[],
): string {
  const values = valuesOf(document, options, itemFields);
  const template =
    document.label === null ? undefined : options.templates?.[document.label]?.summary;
  if (template) return renderTemplate(template, values);
  const wanted = document.label === null ? undefined : options.keyFields?.[document.label];
  const fields = (
    wanted ? wanted.map((k) => document.fields.find((f) => f.key === k)) : document.fields
  )
    .filter(
      (f): f is SummaryField =>
        f !== undefined && f.type !== 'table' && formatValue(f.value) !== null,
    )
    .slice(0, 4);
  const details = fields.map((f) => `${humanise(f.key)} ${formatValue(f.value)}`).join(', ');
  return details
    ? `${className(document.label, options)}: ${details}.`
    : `${className(document.label, options)}.`;
}

function defaultInsight(input: ItemSummaryInput): string {
  const all = [...input.documents.flatMap((d) => d.fields), ...(input.itemFields ?? [])];
  const flagged = all.filter((f) => f.flagged);
  if (flagged.length > 0) {
    const reasons = flagged
      .slice(0, 3)
      .map((f) => `${humanise(f.key)}: ${f.flagReasons?.[0] ?? 'flagged'}`);
    const more = flagged.length > 3 ? `; and ${flagged.length - 3} more` : '';
    return `Needs review: ${flagged.length} field${flagged.length === 1 ? '' : 's'} flagged (${reasons.join('; ')}${more}).`;
  }
  const amounts = all
    .filter((f) => isMoney(f.value))
    .sort((a, b) => (b.value as MoneyValue).amount - (a.value as MoneyValue).amount);
  const missing = all.filter((f) => f.value === null).length;
  const largest = amounts[0]
    ? ` Largest amount: ${humanise(amounts[0].key)} ${formatValue(amounts[0].value)}.`
    : '';
  const gaps = missing > 0 ? ` ${missing} optional field${missing === 1 ? '' : 's'} empty.` : '';
  return `All extracted fields passed validation.${largest}${gaps}`;
}

/** Template-based summary and insight line of an item; no model involved. */
export function summariseItem(input: ItemSummaryInput, options: SummaryOptions = {}): ItemSummary {
  const itemFields = input.itemFields ?? [];
  const parts = input.documents.map((d) => documentSummary(d, options, itemFields));
  const summary =
    input.documents.length <= 1
      ? (parts[0] ?? 'No documents.')
      : `${input.documents.length} documents. ${parts.join(' ')}`;
  const first = input.documents[0];
  const insightTemplate = first?.label ? options.templates?.[first.label]?.insight : undefined;
  const insight = insightTemplate
    ? renderTemplate(insightTemplate, valuesOf(first, options, itemFields))
    : defaultInsight(input);
  return { summary, insight, source: 'template' };
}
