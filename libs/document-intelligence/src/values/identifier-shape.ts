/*
 * An identifier's shape: each character by its class (a capital, a small letter, a digit) and
 * every sign as printed, so `22/01712/0L` and `23/29567/YW` compare place by place. Unlike a
 * value's form (memory/value-form.ts), a run of letters is not folded: identifiers print a
 * fixed number of letters where names print words of any length.
 */

/** A character's class: a letter by its case, a digit, or the sign itself. */
export function characterClass(char: string): string {
  if (/[A-Z]/.test(char)) return 'A';
  if (/[a-z]/.test(char)) return 'a';
  if (/[0-9]/.test(char)) return '9';
  return char;
}

/** The identifier's shape, one class per character. */
export function identifierShape(text: string): string {
  return [...text].map(characterClass).join('');
}
