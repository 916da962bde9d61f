/*
 * Punctuation OCR misreads inside a text value, where the value's own shape says what was
 * printed: a comma for the full stop of an initial ("J, S. Wigand", "Mary D, Davis") and a comma
 * for the decimal point of grouped figures ("370,000,00"). Both were a third of the near misses
 * of FUNSD's label-given answers on its training forms read by production OCR.
 */

/** A lone capital followed by a comma and a capitalised word: an initial's stop read as a comma. */
const INITIAL_COMMA = /(?<=^|[\s.])(\p{Lu}),(?=\s+\p{Lu}[\p{L}.,])/gu;

/** Grouped thousands closing on a comma and two digits: the decimal point read as a comma. */
const DECIMAL_COMMA = /^([$€£]?\s?\d{1,3}(?:,\d{3})+),(\d{2})$/u;

/** The text with those slips read as printed, or null when it holds none. */
export function withOcrPunctuationRead(text: string): string | null {
  const read = text.replace(INITIAL_COMMA, '$1.').replace(DECIMAL_COMMA, '$1.$2');
  return read === text ? null : read;
}
