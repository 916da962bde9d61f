import { Config, isObject, isRegExp, only } from '../config/config-checks';
import { list, object, text } from '../config/json-schema';

/** A document class: matched by keywords and regular expressions (the engine's rules method). */
export interface ClassDefinitionConfig {
  label: string;
  description?: string;
  keywords?: Array<string | { term: string; weight?: number }>;
  patterns?: Array<string | { pattern: string; weight?: number }>;
}

/** The form of one class, shared by ai.classify and ai.split. */
export const CLASS_DEFINITION_SCHEMA = object(
  {
    label: text('Class label', { minLength: 1, maxLength: 100 }),
    description: text('Description'),
    keywords: list('Keywords', text('Keyword')),
    patterns: list('Patterns (regular expressions)', text('Pattern')),
  },
  ['label'],
);

/** 1 to 50 classes with unique labels, valid terms and regular expressions. */
export function classesProblems(value: unknown): string[] {
  if (!Array.isArray(value) || value.length < 1 || value.length > 50) {
    return ['classes must list 1 to 50 document classes'];
  }
  const problems = value.flatMap((entry, index) => {
    const at = `classes[${index}]`;
    if (!isObject(entry)) return [`${at} must be an object`];
    const found = only(entry, ['label', 'description', 'keywords', 'patterns']).map(
      (p) => `${at}: ${p}`,
    );
    if (
      typeof entry.label !== 'string' ||
      !/^[A-Za-z0-9][A-Za-z0-9 _.-]{0,63}$/.test(entry.label)
    ) {
      found.push(`${at}.label must be 1-64 letters, digits, spaces, _ . or -`);
    }
    const terms = (list: unknown, key: 'term' | 'pattern') =>
      list === undefined ||
      (Array.isArray(list) &&
        list.length <= 200 &&
        list.every(
          (t) =>
            (typeof t === 'string' && t.length > 0) || (isObject(t) && typeof t[key] === 'string'),
        ));
    if (!terms(entry.keywords, 'term'))
      found.push(`${at}.keywords must be up to 200 words, phrases or {term, weight}`);
    if (!terms(entry.patterns, 'pattern'))
      found.push(`${at}.patterns must be up to 200 regular expressions`);
    for (const pattern of Array.isArray(entry.patterns) ? entry.patterns : []) {
      const source = typeof pattern === 'string' ? pattern : (pattern as Config).pattern;
      if (!isRegExp(source))
        found.push(`${at}.patterns: ${String(source)} is not a valid regular expression`);
    }
    return found;
  });
  const labels = value.map((entry) => (entry as Config)?.label);
  return new Set(labels).size === labels.length
    ? problems
    : [...problems, 'class labels must be unique'];
}
