/*
 * A scan's speck, cell border or box edge just left of a value reads as an opening quote glued
 * to its first letter (`'Maria Schwartz` read from its remembered place on a harsh scan of draw
 * 7015, `‘Personal Liability` in a table cell). A quoted phrase closes what it opens, so a quote
 * the text never closes is no print. One rule for fields and table cells alike.
 */

/**
 * A quote glued to a text's first letter or digit (`‘9352 Cedar Ln` on a harsh scan of draw
 * 7026), and the quotes that would close it. A year cut to two digits keeps its apostrophe
 * (`'94`).
 */
const OPENING_QUOTE = /^[‘'`"“](?=\p{L}|\d(?!\d$))/u;
const CLOSING_QUOTE = /[’'"”]/u;

/** 1 when the text opens with a quote it never closes (the characters to drop), else 0. */
export function strayQuoteLength(text: string): number {
  return OPENING_QUOTE.test(text) && !CLOSING_QUOTE.test(text.slice(1)) ? 1 : 0;
}
