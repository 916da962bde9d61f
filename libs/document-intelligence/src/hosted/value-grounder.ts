import type { ScalarValue } from '../schema/extraction-result.types';
import type { ScalarFieldDefinition } from '../schema/field-schema.types';
import type { PositionedWord, TextLine } from '../text-layer/line-grouper';
import { tokenise, tokenSimilarity } from '../text-layer/text-normaliser';
import { parseDate } from '../values/date-normaliser';
import { parseEnum } from '../values/enum-normaliser';
import { parseMoney, parseNumber } from '../values/money-normaliser';
import { joinWords } from '../values/word-span';

export interface LocatedValue {
  readonly words: readonly PositionedWord[];
  /** 1 when the words parse to exactly the value; lower for a fuzzy text match. */
  readonly quality: number;
}

/** Longest window (in words) tried when looking for a typed value such as "March 5, 2024". */
const MAX_TYPED_WINDOW = 4;
/** Below this a text window is not the value, just similar words. */
const MIN_TEXT_SIMILARITY = 0.8;

function windows(
  line: TextLine,
  maxLength: number,
): Array<{ words: PositionedWord[]; text: string }> {
  const result: Array<{ words: PositionedWord[]; text: string }> = [];
  for (let start = 0; start < line.words.length; start += 1) {
    // Longest first, so "1,250.00 USD" is grounded with its currency rather than without.
    for (let length = Math.min(maxLength, line.words.length - start); length >= 1; length -= 1) {
      const words = line.words.slice(start, start + length);
      result.push({ words, text: joinWords(words) });
    }
  }
  return result;
}

function sameTyped(value: ScalarValue, text: string, field: ScalarFieldDefinition): boolean {
  // The whole window must be the value; "5" inside "2024-03-05" is not a match for 5.
  const covers = (parsed: { start: number; end: number } | null): boolean =>
    parsed !== null &&
    text.slice(0, parsed.start).trim() === '' &&
    text
      .slice(parsed.end)
      .replace(/[.,;:]$/, '')
      .trim() === '';
  switch (field.type) {
    case 'date': {
      const parsed = parseDate(text, field.dateOrder);
      return covers(parsed) && parsed?.value === value;
    }
    case 'money': {
      const parsed = parseMoney(text, field.defaultCurrency);
      const amount =
        typeof value === 'object' ? value.amount : typeof value === 'number' ? value : Number.NaN;
      return covers(parsed) && parsed !== null && Math.abs(parsed.value.amount - amount) < 0.005;
    }
    case 'number': {
      const parsed = parseNumber(text, field.decimals);
      return covers(parsed) && parsed !== null && Math.abs(parsed.value - Number(value)) < 1e-9;
    }
    case 'enum': {
      const parsed = parseEnum(text, field.options);
      return covers(parsed) && parsed?.value === value;
    }
    default:
      return false;
  }
}

function locateText(value: string, lines: readonly TextLine[]): LocatedValue | null {
  const wanted = tokenise(value);
  if (wanted.length === 0) return null;
  let best: LocatedValue | null = null;
  for (const line of lines) {
    const tokens = line.words.flatMap((word) =>
      tokenise(word.text).map((token) => ({ token, word })),
    );
    for (let start = 0; start + wanted.length <= tokens.length; start += 1) {
      let similarity = 0;
      for (let j = 0; j < wanted.length; j += 1)
        similarity += tokenSimilarity(tokens[start + j].token, wanted[j]);
      similarity /= wanted.length;
      if (similarity < MIN_TEXT_SIMILARITY || (best && similarity <= best.quality)) continue;
      const words = [...new Set(tokens.slice(start, start + wanted.length).map((t) => t.word))];
      best = { words, quality: similarity };
      if (similarity === 1) return best;
    }
  }
  return best;
}

/**
 * Finds the words a hosted model's answer came from: typed values by parsing windows of words
 * to the same value, text by token similarity. Null when the value is not on the page, which
 * callers treat as "possibly invented".
 */
export function locateValue(
  value: ScalarValue,
  field: ScalarFieldDefinition,
  lines: readonly TextLine[],
): LocatedValue | null {
  if (field.type === 'string') return locateText(String(value), lines);
  if (field.type === 'boolean') return null;
  for (const line of lines) {
    for (const window of windows(line, MAX_TYPED_WINDOW)) {
      if (sameTyped(value, window.text, field)) return { words: window.words, quality: 1 };
    }
  }
  // Dates and amounts printed unusually ("five hundred dollars") can still match as text.
  return typeof value === 'string' ? locateText(value, lines) : null;
}
