import type { EnumOption } from '../schema/field-schema.types';
import { tokenise, tokenSimilarity } from '../text-layer/text-normaliser';
import type { ParsedValue } from './parsed-value.types';

/** Below this a fuzzy option match is a different word, not an OCR slip. */
const MIN_SIMILARITY = 0.8;

interface TokenSpan {
  readonly token: string;
  readonly start: number;
  readonly end: number;
}

function tokenSpans(text: string): TokenSpan[] {
  const spans: TokenSpan[] = [];
  const pattern = /[A-Za-z0-9]+/g;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    const [token] = tokenise(m[0]);
    if (token) spans.push({ token, start: m.index, end: m.index + m[0].length });
  }
  return spans;
}

/**
 * Maps text to one of the options by its value or a synonym, tolerating OCR slips. The longest
 * phrase wins, so "Water Damage" beats "Water" when both are options.
 */
export function parseEnum(
  text: string,
  options: readonly EnumOption[],
): ParsedValue<string> | null {
  const spans = tokenSpans(text);
  let best: ParsedValue<string> | null = null;
  let bestLength = 0;
  for (const option of options) {
    for (const phrase of [option.value, ...(option.synonyms ?? [])]) {
      const tokens = tokenise(phrase);
      if (tokens.length === 0) continue;
      for (let i = 0; i + tokens.length <= spans.length; i += 1) {
        let similarity = 0;
        for (let j = 0; j < tokens.length; j += 1)
          similarity += tokenSimilarity(spans[i + j].token, tokens[j]);
        similarity /= tokens.length;
        if (similarity < MIN_SIMILARITY) continue;
        const better =
          best === null ||
          tokens.length > bestLength ||
          (tokens.length === bestLength && similarity > best.quality);
        if (better) {
          best = {
            value: option.value,
            start: spans[i].start,
            end: spans[i + tokens.length - 1].end,
            quality: similarity,
            notes: similarity < 1 ? ['fuzzy option match'] : [],
          };
          bestLength = tokens.length;
        }
      }
    }
  }
  return best;
}
