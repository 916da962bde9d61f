/**
 * Letters OCR engines return for digits. Repaired only inside tokens that are mostly digits
 * already, so a word like "SOLD" stays a word while "2O24" becomes "2024". One character for one,
 * so match offsets stay valid against the original text.
 */
const LOOKALIKES: Readonly<Record<string, string>> = {
  O: '0',
  o: '0',
  D: '0',
  l: '1',
  I: '1',
  '|': '1',
  S: '5',
  B: '8',
};

export function repairDigits(text: string): { text: string; repaired: boolean } {
  let repaired = false;
  const result = text.replace(/[^\s]+/g, (token) => {
    const digits = (token.match(/\d/g) ?? []).length;
    const lookalikes = [...token].filter((c) => c in LOOKALIKES).length;
    if (lookalikes === 0 || digits === 0 || digits < lookalikes * 2) return token;
    repaired = true;
    return [...token].map((c) => LOOKALIKES[c] ?? c).join('');
  });
  return { text: result, repaired };
}

/** A text to read a value from, with the quality such a value keeps and the notes saying why. */
export interface ReadingAttempt {
  text: string;
  quality: number;
  notes: string[];
}

/**
 * The texts a value parser tries, in order: the given one, then, where OCR put letters for
 * digits in it, the same text with them repaired (a value read only from that one is less sure).
 */
export function withDigitsRepaired(first: ReadingAttempt): ReadingAttempt[] {
  const repaired = repairDigits(first.text);
  return repaired.repaired
    ? [first, { text: repaired.text, quality: 0.85, notes: ['OCR digits repaired'] }]
    : [first];
}

/** Letters OCR reads for digits and digits it reads for letters ("H0" for "HO", "58" for "SB"). */
const LETTER_LOOKALIKES = /[OoDQIlSBZ]/;
const DIGIT_LOOKALIKES = /[01258]/;
/** A run this short made of look-alikes alone could be either kind ("58" / "SB", "0D" / "OD"). */
const SHORT_RUN = 3;
/**
 * OCR this sure of a word read its look-alikes right: on the development scans every misread
 * identifier was read below it.
 */
const SURE_LOOKALIKES = 0.92;

function lookalikeKind(c: string): 'letter' | 'digit' | null {
  if (DIGIT_LOOKALIKES.test(c)) return 'digit';
  if (LETTER_LOOKALIKES.test(c)) return 'letter';
  return null;
}

/**
 * An identifier read by OCR below sure whose letters and digits OCR may have swapped: a
 * look-alike touching a character of the other kind ("H0-62", "0D"), or a short run of
 * look-alikes only ("22/34313/58"), where nothing in the text says which kind was printed.
 * Such a value is kept and doubted, never trusted as read.
 */
export function lookalikesInDoubt(text: string, confidence: number): boolean {
  if (confidence >= SURE_LOOKALIKES) return false;
  const runs = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  return runs.some((run) => {
    const chars = [...run];
    // A short group among others ("/58"); one run alone is a plain number or word.
    if (
      runs.length >= 2 &&
      chars.length <= SHORT_RUN &&
      chars.every((c) => lookalikeKind(c) !== null)
    )
      return true;
    return chars.some((c, i) => {
      const kind = lookalikeKind(c);
      if (kind === null) return false;
      const isDigit = /\p{N}/u.test(c);
      return [chars[i - 1], chars[i + 1]].some(
        (n) => n !== undefined && (isDigit ? /\p{L}/u.test(n) : /\p{N}/u.test(n)),
      );
    });
  });
}
