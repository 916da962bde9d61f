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
