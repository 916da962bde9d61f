import { FIELD_TYPES, SCALAR_FIELD_TYPES } from '@docket/contracts';

import { isObject, isRegExp, only, optionalNumber, optionalText } from '../config/config-checks';

const FIELD_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{0,99}$/;
export const FIELD_KEY = FIELD_KEY_PATTERN.source;

/** Settings every field definition may carry; their effect is documented in docs/api-guide.md. */
const FIELD_SETTINGS = [
  'key',
  'type',
  'label',
  'synonyms',
  'description',
  'patterns',
  'required',
  'confidenceThreshold',
  'scope',
  'validation',
];
/** Settings that only mean something for one field type. */
const TYPE_SETTINGS: Record<string, string[]> = {
  string: ['normalise', 'extraLines'],
  number: ['decimals'],
  money: ['defaultCurrency'],
  date: ['dateOrder'],
  boolean: ['trueValues', 'falseValues'],
  enum: ['options'],
  table: ['columns', 'stopLabels', 'minHeaderMatches'],
  object: ['fields'],
};

/** 1 to 200 field definitions with unique keys. */
export function fieldsProblems(value: unknown): string[] {
  if (!Array.isArray(value) || value.length < 1 || value.length > 200) {
    return ['fields must list 1 to 200 fields'];
  }
  const problems = value.flatMap((entry, index) =>
    fieldDefinition(entry, `fields[${index}]`, true),
  );
  const keys = value.map((entry) => (isObject(entry) ? entry.key : undefined));
  return new Set(keys).size === keys.length ? problems : [...problems, 'field keys must be unique'];
}

function textList(entry: Record<string, unknown>, name: string, at: string): string[] {
  const value = entry[name];
  if (value === undefined) return [];
  return Array.isArray(value) && value.every((v) => typeof v === 'string' && v.length <= 200)
    ? []
    : [`${at}.${name} must be a list of texts of at most 200 characters`];
}

/** The engine's field definition, checked where a mistake would only surface at run time. */
function fieldDefinition(entry: unknown, at: string, nested: boolean): string[] {
  if (!isObject(entry)) return [`${at} must be an object`];
  const found: string[] = only(entry, [
    ...FIELD_SETTINGS,
    ...(TYPE_SETTINGS[String(entry.type ?? 'string')] ?? []),
  ]).map((problem) => `${at}: ${problem}`);
  found.push(...optionalText(entry, 'label', 200).map((p) => `${at}.${p}`));
  found.push(...optionalText(entry, 'description', 2000).map((p) => `${at}.${p}`));
  found.push(...textList(entry, 'synonyms', at));
  if (typeof entry.key !== 'string' || !FIELD_KEY_PATTERN.test(entry.key)) {
    found.push(`${at}.key must be 1-100 letters, digits, _ . or -`);
  }
  const types: readonly string[] = nested ? FIELD_TYPES : SCALAR_FIELD_TYPES;
  // A table column may leave its type out ({key, label}): it is then a string column.
  const typeOptional = /\.columns\[\d+\]$/.test(at);
  if (!(typeOptional && entry.type === undefined) && !types.includes(String(entry.type)))
    found.push(`${at}.type must be one of ${types.join(', ')}`);
  if (entry.scope !== undefined && entry.scope !== 'document' && entry.scope !== 'item') {
    found.push(`${at}.scope must be document or item`);
  }
  if (entry.required !== undefined && typeof entry.required !== 'boolean') {
    found.push(`${at}.required must be true or false`);
  }
  found.push(...optionalNumber(entry, 'confidenceThreshold', 0, 1).map((p) => `${at}.${p}`));
  for (const pattern of Array.isArray(entry.patterns) ? entry.patterns : []) {
    if (!isRegExp(pattern))
      found.push(`${at}.patterns: ${String(pattern)} is not a valid regular expression`);
  }
  if (entry.type === 'enum' && !(Array.isArray(entry.options) && entry.options.length > 0)) {
    found.push(`${at}.options must list the allowed values of an enum field`);
  }
  if (entry.type === 'table') {
    if (!Array.isArray(entry.columns) || entry.columns.length === 0)
      found.push(`${at}.columns must list the table columns`);
    else
      entry.columns.forEach((column, i) =>
        found.push(...fieldDefinition(column, `${at}.columns[${i}]`, false)),
      );
  }
  if (entry.type === 'object') {
    if (!Array.isArray(entry.fields) || entry.fields.length === 0)
      found.push(`${at}.fields must list the sub-fields`);
    else
      entry.fields.forEach((field, i) =>
        found.push(...fieldDefinition(field, `${at}.fields[${i}]`, false)),
      );
  }
  return found;
}
