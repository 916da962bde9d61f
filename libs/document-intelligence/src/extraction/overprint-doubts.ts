import type { AnalysedPage } from '../layout/analysed-page';
import type { ExtractedField } from '../schema/extraction-result.types';
import { centreWithin } from '../text-layer/box-geometry';
import { overprintedDoubt, overprintedPair } from '../text-layer/overprinted-words';

/*
 * A document that typesets one text over another (a long address running on under the next
 * column's caption, draw 7029: "2233 Washington Blvd, Fresno, CA 93721" with "Amount" printed
 * over its "93721") leaves words whose order and belonging the page cannot say: the text layer
 * set the overprinted figure on a line of its own, and the address was read, and remembered
 * one-shot, as "... CA Amount" at 0.95. Whatever found a value, words printed over each other
 * within its box put it in doubt.
 */

/** The words whose centre lies within the value's box on its page. */
function wordsWithin(field: ExtractedField, pages: readonly AnalysedPage[]) {
  const grounding = field.grounding;
  if (!grounding) return [];
  const page = pages.find((p) => p.page.pageNumber === grounding.page);
  return (page?.lines ?? [])
    .flatMap((line) => line.words)
    .filter((word) => centreWithin(word.box, grounding.box));
}

/** Every scalar value read from words printed over each other, with that doubt. */
export function withOverprintDoubts(
  results: ReadonlyMap<string, ExtractedField>,
  pages: readonly AnalysedPage[],
): Map<string, ExtractedField> {
  const doubted = new Map(results);
  for (const [key, field] of results) {
    if (field.type === 'table' || field.type === 'object' || field.value === null) continue;
    const pair = overprintedPair(wordsWithin(field, pages));
    if (!pair) continue;
    const doubt = overprintedDoubt(pair);
    if (field.doubts?.includes(doubt)) continue;
    doubted.set(key, { ...field, doubts: [...(field.doubts ?? []), doubt] });
  }
  return doubted;
}
