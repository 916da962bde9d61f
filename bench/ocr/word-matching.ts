/** How the OCR benches count words read exactly: one rule for all of them. */

/** A number, for the benches: any word holding a digit (amounts, dates, ids). */
export const hasDigit = (word: string): boolean => /\d/.test(word);

/** Words of `expected` found in `actual`, each found word used once (reading order aside). */
export function matchedWords(expected: readonly string[], actual: readonly string[]): number {
  const left = new Map<string, number>();
  for (const word of actual) left.set(word, (left.get(word) ?? 0) + 1);
  let found = 0;
  for (const word of expected) {
    const count = left.get(word) ?? 0;
    if (count > 0) {
      found += 1;
      left.set(word, count - 1);
    }
  }
  return found;
}

/**
 * A word's letter-and-digit pieces ("9/3/92" -> 9, 3, 92): FUNSD's annotators cut dates and
 * figures at their separators ("9/" "3/" "92") where OCR reads one word, so words are also
 * compared piece by piece, which neither side's cutting changes.
 */
export function pieces(words: readonly string[]): string[] {
  return words.flatMap((word) => word.split(/[^\p{L}\p{N}]+/u)).filter(Boolean);
}
