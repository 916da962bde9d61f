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
export const VIN_LENGTH = 17;
const VIN_CHARACTER = /^[A-HJ-NPR-Z0-9]$/;
/** What OCR reads for the digits a VIN holds instead of the excluded letters. */
const EXCLUDED_LETTER_DIGIT: Readonly<Record<string, string>> = { O: '0', Q: '0', I: '1' };

/** A repair of O or Q to 0 is near certain; an I read for a 1 may also have been a J or an L. */
export const ZERO_REPAIRED_QUALITY = 0.9;
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

/** The 17 characters read as a VIN, the excluded letters as the digits they stand for; or null. */
function vinOf(printed: string, start: number, end: number): ParsedValue<string> | null {
  const chars = [...printed.toUpperCase()].map((c) => EXCLUDED_LETTER_DIGIT[c] ?? c);
  if (chars.length !== VIN_LENGTH || !chars.every((c) => VIN_CHARACTER.test(c))) return null;
  const value = chars.join('');
  const repairedOne = [...printed.toUpperCase()].some((c) => c === 'I');
  const repaired = value !== printed.toUpperCase();
  return {
    value,
    start,
    end,
    quality: !repaired ? 1 : repairedOne ? ONE_REPAIRED_QUALITY : ZERO_REPAIRED_QUALITY,
    notes: repaired
      ? ['letters a VIN never holds (I, O, Q) read as the digits they stand for']
      : [],
  };
}

/** A VIN OCR split in this many pieces at most ("MAT 79S54GKGT33R7K") is read whole. */
const MAX_VIN_PIECES = 3;

/**
 * The VIN in `text`: the one token of 17 letters and digits, the excluded letters read as the
 * digits they stand for; else, when the text is nothing but two or three pieces that make 17
 * together, those pieces joined (a VIN holds no space: OCR put one in). Null when nothing has
 * that shape, so the caller keeps its own reading.
 */
export function parseVin(text: string): ParsedValue<string> | null {
  for (const token of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const start = token.index ?? 0;
    const vin = vinOf(token[0], start, start + token[0].length);
    if (vin) return vin;
  }
  const pieces = text.trim().split(/\s+/);
  if (pieces.length > MAX_VIN_PIECES || !pieces.every((p) => /^[\p{L}\p{N}]+$/u.test(p))) {
    return null;
  }
  const joined = pieces.join('');
  // Words of a phrase can make 17 letters too; a VIN's shape holds digits among capitals.
  if (!vinShaped(joined, false)) return null;
  const start = text.indexOf(pieces[0]);
  const vin = vinOf(joined, start, start + text.trim().length);
  return (
    vin && {
      ...vin,
      quality: Math.min(vin.quality, ZERO_REPAIRED_QUALITY),
      notes: [...vin.notes, 'a VIN holds no space: the pieces OCR split it into are read as one'],
    }
  );
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
