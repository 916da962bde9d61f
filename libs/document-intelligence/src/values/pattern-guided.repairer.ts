/** Characters OCR confuses, both ways. */
const CONFUSABLE: Readonly<Record<string, string>> = {
  O: '0',
  '0': 'O',
  I: '1',
  '1': 'I',
  l: '1',
  S: '5',
  '5': 'S',
  B: '8',
  '8': 'B',
  Z: '2',
  '2': 'Z',
  Q: '0',
  D: '0',
};
/** 2^8 variants at most: enough for one or two slips in an identifier, bounded for long text. */
const MAX_CONFUSABLE_POSITIONS = 8;

/**
 * Finds a variant of `text`, swapping look-alike characters, that one of `patterns` matches.
 * Identifiers have a known shape ("one letter and six digits"), so the pattern says which of "O"
 * and "0" was printed. Variants with fewer swaps are tried first.
 */
export function repairToPattern(
  text: string,
  patterns: readonly RegExp[],
): { text: string; swaps: number } | null {
  const positions = [...text]
    .flatMap((c, i) => (c in CONFUSABLE ? [i] : []))
    .slice(0, MAX_CONFUSABLE_POSITIONS);
  const variants: Array<{ text: string; swaps: number }> = [];
  for (let mask = 1; mask < 1 << positions.length; mask += 1) {
    const chars = [...text];
    let swaps = 0;
    positions.forEach((position, bit) => {
      if (mask & (1 << bit)) {
        chars[position] = CONFUSABLE[chars[position]];
        swaps += 1;
      }
    });
    variants.push({ text: chars.join(''), swaps });
  }
  variants.sort((a, b) => a.swaps - b.swaps);
  return variants.find((v) => patterns.some((p) => p.test(v.text))) ?? null;
}
