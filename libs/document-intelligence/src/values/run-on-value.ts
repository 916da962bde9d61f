/*
 * A figure of one piece (an identifier, a phone number) that OCR read with a narrow gap before
 * the next column's text runs on into it: "PA/2023/945820 NY 12207", "(727) 715-6282 Denver".
 * No such value goes on with a word after its digits, so one read so is doubted; where the
 * figure ends is left to the reviewer (a word may also be part of an identifier OCR split).
 */

/** A word of letters alone, two or more: no part of a figure's digits. */
const LETTER_WORD = /^\p{L}{2,}[.,]?$/u;

/** Whether `text` opens with a figure and has a word of letters after it. */
export function runsOnPastFigure(text: string): boolean {
  const tokens = text.trim().split(/\s+/);
  if (tokens.length < 2 || !/\d/.test(tokens[0])) return false;
  return tokens.slice(1).some((token) => LETTER_WORD.test(token));
}

/** Why a value read so is doubted. */
export const RUN_ON_DOUBT = 'text runs on after the figure: the next column may have been read';
