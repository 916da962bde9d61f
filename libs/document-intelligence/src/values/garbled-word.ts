/*
 * OCR reads ink it cannot make out (two texts printed over each other, a stain, a fold) as a
 * symbol wedged between letters or digits: `8028@ire` where a postcode ran into the next
 * caption's "Nature". No word of a name, an address or a reference carries such a symbol inside
 * it; an e-mail address carries its @ between a name and a domain.
 */

/** Symbols OCR puts for unreadable ink; none stands inside a printed word. */
const GARBLE = /[\p{L}\p{N}][@©®¢§¥£°¬~^{}<>|\\*?!_=]+[\p{L}\p{N}]/u;

const EMAIL = /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/u;

/** The first word of `text` with a symbol wedged inside it, or null. */
export function garbledWord(text: string): string | null {
  for (const token of text.split(/\s+/)) {
    const word = token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (GARBLE.test(word) && !EMAIL.test(word)) return word;
  }
  return null;
}

/** Why a value holding such a word is doubted. */
export function garbledWordDoubt(word: string): string {
  return `"${word}" holds a symbol OCR puts for ink it could not read`;
}
