import { isLemma } from '../vocabulary/word-senses';

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

/**
 * Letters OCR reads for one another on a poor scan: a small l as an i (`Casuaity` for Casualty on
 * a harsh scan of draw 7024, read sure at 0.92), and back, and the pairs that run together.
 */
const CONFUSED_LETTERS: ReadonlyArray<readonly [string, string]> = [
  ['i', 'l'],
  ['l', 'i'],
  ['rn', 'm'],
  ['m', 'rn'],
  ['cl', 'd'],
  ['c', 'e'],
  ['e', 'c'],
];

/** Words shorter than this are too often some word whichever letter OCR read. */
const MIN_DICTIONARY_LETTERS = 5;

/** The word `token` would be with one confused letter read back, each place in turn. */
function readBack(token: string): string[] {
  const lower = token.toLowerCase();
  return CONFUSED_LETTERS.flatMap(([read, meant]) => {
    const found: string[] = [];
    for (let at = lower.indexOf(read); at >= 0; at = lower.indexOf(read, at + 1))
      found.push(lower.slice(0, at) + meant + lower.slice(at + read.length));
    return found;
  });
}

/**
 * The first word of `text` that is no word of English but one confused letter away from one
 * (WordNet's lemmas, inflections folded), with that word; null when there is none. A name OCR
 * read right is seldom one letter off an English word it is not.
 */
export function misreadDictionaryWord(text: string): { read: string; meant: string } | null {
  for (const token of text.split(/\s+/)) {
    const word = token.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
    if (!/^\p{L}+$/u.test(word) || word.length < MIN_DICTIONARY_LETTERS || isLemma(word)) continue;
    const meant = readBack(word).find((candidate) => isLemma(candidate));
    if (meant) return { read: word, meant };
  }
  return null;
}

/**
 * A hyphen OCR read for a word space beside a lone "and", "or", "of" ...: print hyphens such a
 * word on both sides ("rock-and-roll", "up-to-date") or on neither ("Paint-and materials" on a
 * scan of draw 7031, a line item's description read at 0.86 and sent straight through).
 */
const HYPHENED_FUNCTION_WORD =
  /(?:^|\s)(\p{L}{2,}-(?:and|or|of|the|to|in|on|for|with)|(?:and|or|of|the|to|in|on|for|with)-\p{L}{2,})(?=\s|$)/iu;

export function hyphenForSpace(text: string): string | null {
  return HYPHENED_FUNCTION_WORD.exec(text)?.[1] ?? null;
}

/**
 * What the words of a text OCR read say against it: a garbled word, a small l read as I, a word
 * one misread letter away from an English word, a hyphen read for a space.
 */
export function misreadWordDoubts(text: string): string[] {
  const garbled = garbledWord(text);
  const capitalI = capitalIForSmallL(text);
  const misread = misreadDictionaryWord(text);
  const hyphen = hyphenForSpace(text);
  return [
    ...(garbled ? [garbledWordDoubt(garbled)] : []),
    ...(hyphen ? [`"${hyphen}" joins a lone short word by a hyphen, a space misread`] : []),
    ...(capitalI ? [`"${capitalI}" reads a capital I where print sets a small l`] : []),
    ...(misread
      ? [`"${misread.read}" is no word, "${misread.meant}" with one letter misread`]
      : []),
  ];
}
