import type { AnalysedPage } from '../layout/analysed-page';
import { wordCaptionTerms } from '../vocabulary/label-vocabulary';

/*
 * Fingerprints stored before captions were kept as letters: "stem@column,row" for every caption
 * word on a twentieth grid, rows under a table counted from its foot. Memories a project learned
 * then are still compared the old way (the page fingerprinted as then), so they keep applying;
 * a review of the layout rewrites them in the new form.
 */

const GRID = 20;

/** Whether a stored fingerprint is of the old form. */
export function isLegacyFingerprint(fingerprint: readonly string[]): boolean {
  return fingerprint.length > 0 && !fingerprint[0].startsWith('~');
}

/** "stem@column,row" for every caption word of the page. */
export function legacyLayoutFingerprint({ layout }: AnalysedPage): string[] {
  const captions = [
    ...layout.keyValuePairs.map((pair) => pair.key),
    ...layout.tables.flatMap((table) => table.cells.filter((cell) => cell.isHeader)),
  ];
  const tableFeet = layout.tables.map((table) => table.box.y1);
  const cells = new Set<string>();
  for (const caption of captions) {
    const foot = Math.max(-1, ...tableFeet.filter((y) => y <= caption.box.y0));
    for (const word of caption.words) {
      const column = Math.floor(word.box.x0 * GRID);
      const row =
        foot < 0
          ? `${Math.floor(word.box.y0 * GRID)}`
          : `t${Math.floor((word.box.y0 - foot) * GRID)}`;
      for (const term of wordCaptionTerms(word.text)) cells.add(`${term.stem}@${column},${row}`);
    }
  }
  return [...cells].sort();
}

/** Dice overlap of two old-form fingerprints' cells, 0..1. */
export function legacyLayoutSimilarity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const other = new Set(b);
  const shared = a.filter((cell) => other.has(cell)).length;
  return (2 * shared) / (a.length + b.length);
}

/** The old threshold: share of shared caption cells above which two pages are one layout. */
export const LEGACY_SAME_LAYOUT_SIMILARITY = 0.7;
