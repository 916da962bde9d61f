/*
 * How a piece of text looks as an answer, for the linker's features: a tick mark, a share of
 * digits, capitals on every word (as captions and names are printed), a sentence's lower-case
 * start. Answers on real forms are figures, dates, marks and sentences as often as names, and a
 * text that reads like a caption is as often the next caption.
 */

/** A tick, a cross or a filled box: what an option's box holds when it is chosen. */
const MARK = /^(?:[xX✓✔☑☒■✗✘]{1,2}|\/)$/u;

export function isMark(text: string): boolean {
  return MARK.test(text.trim());
}

/** Every word of two letters or more starts with a capital. */
export function titleCase(text: string): boolean {
  const words = text.split(/\s+/).filter((w) => /^\p{L}{2,}/u.test(w));
  return words.length > 0 && words.every((w) => /^\p{Lu}/u.test(w));
}

/** Share of the characters (spaces aside) that are digits. */
export function digitShare(text: string): number {
  const chars = text.replace(/\s/g, '');
  return chars.length > 0 ? (chars.match(/\d/g)?.length ?? 0) / chars.length : 0;
}

export function endsWithColon(text: string): boolean {
  return /:\s*$/.test(text);
}

export function startsLowerCase(text: string): boolean {
  return /^\p{Ll}/u.test(text);
}
