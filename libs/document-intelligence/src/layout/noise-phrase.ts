import type { PositionedWord, TextSegment } from '../text-layer/line-grouper';

/*
 * What OCR reads from noise between print: a phrase of a few unsure glyphs. The table detector
 * reads rows past it; the key-value detector reads its grids of captions past it.
 */

/** OCR words read with less confidence than this may be a slip ("5" read as "H"). */
const UNSURE_OCR = 0.6;

/** A cell OCR read unsure of every word: it says little either way about what was printed. */
export function unsure(words: readonly PositionedWord[]): boolean {
  return words.every((w) => w.confidence < UNSURE_OCR);
}

/** A noise phrase has at most this many letters and digits. */
const NOISE_CHARACTERS = 3;

/**
 * A phrase OCR read from noise, a shaded band or a ruling between cells ("ee", "i", "ASA", a
 * lone "5"), every word of it unsure and only a few characters long. Among a header's captions
 * or a row's cells it is neither a column nor a cell.
 */
export function isNoisePhrase(segment: TextSegment): boolean {
  return (
    unsure(segment.words) &&
    fewGlyphs(segment) &&
    // An abbreviated caption ("DED.", "No.") is print, however unsure; a colon says a form's
    // caption stands there, which no header row holds.
    !/\p{L}[.:]$/u.test(segment.text) &&
    !/[$€£]/.test(segment.text)
  );
}

/** A phrase of a few letters and digits at most, as noise is read. */
export function fewGlyphs(segment: TextSegment): boolean {
  return segment.text.replace(/[^\p{L}\p{N}]/gu, '').length <= NOISE_CHARACTERS;
}
