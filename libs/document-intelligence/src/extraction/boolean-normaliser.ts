import { tokenise } from '../text-layer/text-normaliser';
import type { ParsedValue } from './parsed-value.types';

export const DEFAULT_TRUE_VALUES = ['yes', 'y', 'true', 'x', 'checked', 'on'];
export const DEFAULT_FALSE_VALUES = ['no', 'n', 'false', 'unchecked', 'off', 'none'];
const CHECKED_BOXES = /[\u2611\u2612\u2713\u2714]|\[\s*[xX\u2713]\s*\]/;
const EMPTY_BOXES = /[\u2610]|\[\s*\]/;

/** Reads yes/no answers and tick boxes. The first recognised token decides. */
export function parseBoolean(
  text: string,
  trueValues: readonly string[] = DEFAULT_TRUE_VALUES,
  falseValues: readonly string[] = DEFAULT_FALSE_VALUES,
): ParsedValue<boolean> | null {
  const checked = CHECKED_BOXES.exec(text);
  if (checked)
    return {
      value: true,
      start: checked.index,
      end: checked.index + checked[0].length,
      quality: 0.9,
      notes: [],
    };
  const truthy = new Set(trueValues.map((v) => v.toLowerCase()));
  const falsy = new Set(falseValues.map((v) => v.toLowerCase()));
  const wordPattern = /[A-Za-z]+/g;
  for (let m = wordPattern.exec(text); m; m = wordPattern.exec(text)) {
    const [token] = tokenise(m[0]);
    if (token === undefined) continue;
    if (truthy.has(token))
      return { value: true, start: m.index, end: m.index + m[0].length, quality: 1, notes: [] };
    if (falsy.has(token))
      return { value: false, start: m.index, end: m.index + m[0].length, quality: 1, notes: [] };
  }
  const empty = EMPTY_BOXES.exec(text);
  if (empty)
    return {
      value: false,
      start: empty.index,
      end: empty.index + empty[0].length,
      quality: 0.7,
      notes: ['empty tick box'],
    };
  return null;
}
