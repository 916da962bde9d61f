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

/**
 * A capital I between a word's capital and its small letters (`EIm`, `CIark`): print sets a
 * small l there, and OCR reads the one for the other (`788 EIm Ct` on a scan of draw 7021, sure
 * of it). Capitals inside a word follow a small letter (`McIntosh`), never its first capital.
 */
const CAPITAL_I_FOR_SMALL_L = /^\p{Lu}I\p{Ll}/u;

/** The first word of `text` that reads a small l as a capital I, or null. */
export function capitalIForSmallL(text: string): string | null {
  for (const token of text.split(/\s+/)) {
    const word = token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (CAPITAL_I_FOR_SMALL_L.test(word)) return word;
  }
  return null;
}

/** What the words of a text OCR read say against it: a garbled word, a small l read as I. */
export function misreadWordDoubts(text: string): string[] {
  const garbled = garbledWord(text);
  const capitalI = capitalIForSmallL(text);
  return [
    ...(garbled ? [garbledWordDoubt(garbled)] : []),
    ...(capitalI ? [`"${capitalI}" reads a capital I where print sets a small l`] : []),
  ];
}
