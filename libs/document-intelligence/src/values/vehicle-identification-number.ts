import type { ParsedValue } from './parsed-value.types';

/*
 * A vehicle identification number as ISO 3779 defines it (and 49 CFR 565 for North America):
 * 17 characters of capital letters and digits, where the letters I, O and Q are never used,
 * because they are read for 1 and 0. OCR reads a printed 0 as O and a 1 as I; the standard says
 * which was printed, with no pattern configured.
 */

/** A field asking for a VIN by its label, synonyms or key ("VIN", "Vehicle Identification No."). */
const VIN_NAMES = /\bvins?\b|vehicle\s*(?:ident|id\b)/i;

/** ISO 3779: 17 characters; the letters I, O and Q are excluded. */
const VIN_LENGTH = 17;
const VIN_CHARACTER = /^[A-HJ-NPR-Z0-9]$/;
/** What OCR reads for the digits a VIN holds instead of the excluded letters. */
const EXCLUDED_LETTER_DIGIT: Readonly<Record<string, string>> = { O: '0', Q: '0', I: '1' };

/** A repair of O or Q to 0 is near certain; an I read for a 1 may also have been a J or an L. */
const ZERO_REPAIRED_QUALITY = 0.9;
const ONE_REPAIRED_QUALITY = 0.6;
/** Text under a VIN caption that is not 17 characters is kept, but doubted. */
const MALFORMED_QUALITY = 0.5;

/**
 * A word printed in a VIN's shape: 17 capital letters and digits, both kinds present (a serial
 * of digits alone is no VIN). `strict`: none of the letters a VIN never holds (I, O, Q), as a
 * printed VIN reads unrepaired; otherwise any such word, as OCR may have misread one.
 */
export function vinShaped(word: string, strict: boolean): boolean {
  const text = word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  if (!/^[A-Z0-9]{17}$/.test(text) || !/[A-Z]/.test(text) || !/[0-9]/.test(text)) return false;
  return !strict || [...text].every((c) => VIN_CHARACTER.test(c));
}

export function asksForVin(phrases: readonly string[]): boolean {
  return phrases.some((phrase) => VIN_NAMES.test(phrase.replace(/[_\-.]+/g, ' ')));
}

/**
 * The VIN in `text`: the one token of 17 letters and digits, the excluded letters read as the
 * digits they stand for. Null when no token has that shape, so the caller keeps its own reading.
 */
export function parseVin(text: string): ParsedValue<string> | null {
  for (const token of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const printed = token[0].toUpperCase();
    if (printed.length !== VIN_LENGTH) continue;
    const chars = [...printed].map((c) => EXCLUDED_LETTER_DIGIT[c] ?? c);
    if (!chars.every((c) => VIN_CHARACTER.test(c))) continue;
    const value = chars.join('');
    const start = token.index ?? 0;
    const repairedOne = [...printed].some((c) => c === 'I');
    const repaired = value !== printed;
    return {
      value,
      start,
      end: start + printed.length,
      quality: !repaired ? 1 : repairedOne ? ONE_REPAIRED_QUALITY : ZERO_REPAIRED_QUALITY,
      notes: repaired
        ? ['letters a VIN never holds (I, O, Q) read as the digits they stand for']
        : [],
    };
  }
  return null;
}

/** The doubt on text under a VIN caption with no 17-character token in it. */
export function malformedVin(
  read: Pick<ParsedValue<string>, 'value' | 'start' | 'end'>,
): ParsedValue<string> {
  return {
    ...read,
    quality: MALFORMED_QUALITY,
    notes: ['a VIN has 17 letters and digits (ISO 3779)'],
  };
}
