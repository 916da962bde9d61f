import { isMoney } from '../quality-metrics';
import { type CalendarDate, formatDate, formatMoney } from '../synthetic-data.generator';
import type { DocumentTruth, TruthRow, TruthScalar } from '../synthetic-document.types';
import type { FamilySpec, IdShape } from './family-grammar';

/** Identifier fields whose printed shape a family chooses; the truth is what is printed. */
const ID_KEYS = new Set(['claim_number', 'policy_number', 'invoice_number']);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function reshapeId(value: string, shape: IdShape): string {
  if (shape === 'no-dash') return value.replace(/-/g, '');
  if (shape === 'slash') return value.replace(/-/g, '/');
  return value;
}

function reshapeRecord<T extends Readonly<Record<string, TruthScalar | null>>>(
  record: T,
  shape: IdShape,
): T {
  const out: Record<string, TruthScalar | null> = { ...record };
  for (const key of Object.keys(out)) {
    const value = out[key];
    if (ID_KEYS.has(key) && typeof value === 'string') out[key] = reshapeId(value, shape);
  }
  return out as T;
}

/** The family's identifier shape applied to the truth, so printed and expected values agree. */
export function familyTruth(truth: DocumentTruth, spec: FamilySpec): DocumentTruth {
  const tables: Record<string, readonly TruthRow[]> = {};
  for (const [key, rows] of Object.entries(truth.tables))
    tables[key] = rows.map((row) => reshapeRecord(row, spec.idShape));
  return { fields: reshapeRecord(truth.fields, spec.idShape), tables };
}

function calendar(iso: string): CalendarDate {
  const [year, month, day] = iso.split('-').map(Number);
  return { year, month, day };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A truth value as this family prints it (dates and amounts in the family's formats). */
export function printValue(value: TruthScalar | null, spec: FamilySpec): string {
  if (value === null) return '';
  if (isMoney(value)) {
    if (spec.moneyStyle === 'suffix') return `${formatMoney(value.amount, 'plain')} USD`;
    return formatMoney(value.amount, spec.moneyStyle);
  }
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(1);
  if (typeof value === 'boolean') {
    if (spec.booleanStyle === 'y-n') return value ? 'Y' : 'N';
    return value ? 'Yes' : 'No';
  }
  if (ISO_DATE.test(value)) {
    const date = calendar(value);
    if (spec.dateStyle === 'month-abbrev')
      return `${MONTHS[date.month - 1]} ${date.day}, ${date.year}`;
    return formatDate(date, spec.dateStyle);
  }
  return value;
}
