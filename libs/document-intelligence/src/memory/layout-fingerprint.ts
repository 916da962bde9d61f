import { wordCaptionTerms } from '../extraction/label-vocabulary';
import { analysePage } from '../layout/page-layout.analyser';
import type { TextPage } from '../text-layer/text-layer.types';

/*
 * A layout's fingerprint: the page's static text (the captions the layout analysis finds, never
 * the answers, which change from document to document) with coarse positions. Two documents of
 * one form share most of it even when OCR misreads a caption or the print shifts a little, so
 * fingerprints are compared by overlap rather than equality.
 */

/** Caption positions are compared on this grid (a twentieth of the page). */
const GRID = 20;
/** Share of shared caption cells above which two pages are the same layout. */
export const SAME_LAYOUT_SIMILARITY = 0.7;

/** "stem@column,row" for every caption word of the page. */
export function layoutFingerprint(page: TextPage): string[] {
  const layout = analysePage(page);
  const captions = [
    ...layout.keyValuePairs.map((pair) => pair.key),
    ...layout.tables.flatMap((table) => table.cells.filter((cell) => cell.isHeader)),
  ];
  // Under a table, captions (its totals) move with the number of rows: their row is counted
  // from the table's foot, so one layout keeps one fingerprint whatever the table's length.
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

/** Dice overlap of two fingerprints, 0..1. */
export function layoutSimilarity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const other = new Set(b);
  const shared = a.filter((cell) => other.has(cell)).length;
  return (2 * shared) / (a.length + b.length);
}
