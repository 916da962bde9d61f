/*
 * A caption compared as OCR leaves it: its letters alone (spaces dropped, so split and merged
 * words read alike; digits and punctuation dropped, so specks and leaders do not count) with the
 * letters OCR takes for one another folded together, and compared by shared letter pairs, so a
 * misread letter costs a little rather than the whole caption.
 */

/** Characters OCR reads for one another, folded to one (digits that stand in for letters too). */
const FOLDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/rn/g, 'm'],
  [/vv/g, 'w'],
  [/[il1|!]/g, 'l'],
  [/0/g, 'o'],
  [/5/g, 's'],
];

export function captionLetters(text: string): string {
  let folded = text.toLowerCase();
  for (const [from, to] of FOLDS) folded = folded.replace(from, to);
  return folded.replace(/[^a-z]/g, '');
}

function letterPairs(letters: string): Map<string, number> {
  const pairs = new Map<string, number>();
  const padded = ` ${letters} `;
  for (let i = 0; i < padded.length - 1; i += 1) {
    const pair = padded.slice(i, i + 2);
    pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
  }
  return pairs;
}

/** Dice overlap of two captions' letter pairs, 0..1 (1: the same letters). */
export function lettersSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const first = letterPairs(a);
  const second = letterPairs(b);
  let shared = 0;
  for (const [pair, count] of first) shared += Math.min(count, second.get(pair) ?? 0);
  return (2 * shared) / (a.length + 1 + b.length + 1);
}
