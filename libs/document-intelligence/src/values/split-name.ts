/*
 * OCR breaks a word of a name apart when it reads a narrow gap inside it ("McAll ister",
 * "Harbor line"): the piece after the break starts in lower case, which no word of a printed
 * name does but its small joining words ("van", "de", "of", "and"). A name read so is doubted,
 * not joined: the page does not say whether the gap was printed.
 */

/** Joining words that stand in lower case inside names of people and organisations. */
const JOINING_WORDS: ReadonlySet<string> = new Set([
  'a',
  'al',
  'and',
  'at',
  'bin',
  'da',
  'das',
  'de',
  'del',
  'della',
  'der',
  'des',
  'di',
  'do',
  'dos',
  'du',
  'e',
  'el',
  'en',
  'et',
  'for',
  'in',
  'la',
  'le',
  'of',
  'on',
  'st',
  'ten',
  'ter',
  'the',
  'und',
  'van',
  'von',
  'y',
  'zu',
]);

/** Whether a word after the first of a name starts in lower case and is no joining word. */
export function nameSplitInside(text: string): boolean {
  const words = text.trim().split(/\s+/);
  if (!words.some((w) => /^\p{Lu}/u.test(w))) return false;
  return words
    .slice(1)
    .some((w) => /^\p{Ll}/u.test(w) && !JOINING_WORDS.has(w.replace(/[.,]$/, '').toLowerCase()));
}

/** Why a name read so is doubted, wherever it is read. */
export const SPLIT_NAME_DOUBT =
  'a word of the name starts in lower case: OCR may have split a word';

/**
 * Whether a name opens with a word in lower case that no name opens with, before words in
 * capitals: a harsh scan's dotted leader read as letters (`ae Dawson Logistics LLC`, read at
 * its caption on draw 7016, unflagged). "van der Berg" and "de la Cruz" open with joining words.
 */
export function nameOpensWithStrayWord(text: string): boolean {
  const [first, ...rest] = text.trim().split(/\s+/);
  if (!first || rest.length === 0 || !rest.some((w) => /^\p{Lu}/u.test(w))) return false;
  return /^\p{Ll}/u.test(first) && !JOINING_WORDS.has(first.replace(/[.,]$/, '').toLowerCase());
}

/** Why a name read so is doubted. */
export const STRAY_WORD_NAME_DOUBT =
  'the name opens with a word in lower case: a leader or speck may have been read';
