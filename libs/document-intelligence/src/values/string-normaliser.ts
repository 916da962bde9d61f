import type { StringNormalisation } from '../schema/field-schema.types';
import { normaliseText } from '../text-layer/text-normaliser';

function titleCase(text: string): string {
  return text
    .toLowerCase()
    .replace(/(^|[\s\-'])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
}

/** Applies a string field's normalisation; whitespace is always collapsed. */
export function normaliseString(text: string, options: StringNormalisation = {}): string {
  let value = normaliseText(text);
  if (options.removeCharacters) {
    const remove = new Set(options.removeCharacters);
    value = [...value].filter((c) => !remove.has(c)).join('');
  }
  if (options.case === 'upper') value = value.toUpperCase();
  else if (options.case === 'lower') value = value.toLowerCase();
  else if (options.case === 'title') value = titleCase(value);
  return value;
}
