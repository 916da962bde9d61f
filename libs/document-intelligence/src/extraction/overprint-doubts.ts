import type { AnalysedPage } from '../layout/analysed-page';
import type { ExtractedField } from '../schema/extraction-result.types';
import {
  boxHeight,
  centreWithin,
  intersectionArea,
  verticalOverlapRatio,
} from '../text-layer/box-geometry';
import { overprintedDoubt, overprintedPair } from '../text-layer/overprinted-words';

/*
 * A document that typesets one text over another (a long address running on under the next
 * column's caption, draw 7029: "2233 Washington Blvd, Fresno, CA 93721" with "Amount" printed
 * over its "93721") leaves words whose order and belonging the page cannot say: the text layer
 * set the overprinted figure on a line of its own, and the address was read, and remembered
 * one-shot, as "... CA Amount" at 0.95. Whatever found a value, words printed over each other
 * within its box put it in doubt.
 */

/*
 * A value can also stop just short of the overprint (draw 7034: the address remembered one-shot
 * read as "2061 Mill Rd, Savannah, GA", its "31401" printed under "POLICE CALLED" right after it,
 * at 0.71 and sent straight through): the words its end runs into, a word space or so after it
 * on its line, are weighed with its own.
 */

/**
 * The words whose centre lies within the value's box on its page, the words its end runs into
 * and whatever is printed over those.
 */
function wordsWithin(field: ExtractedField, pages: readonly AnalysedPage[]) {
  const grounding = field.grounding;
  if (!grounding) return [];
  const page = pages.find((p) => p.page.pageNumber === grounding.page);
  if (!page) return [];
  const box = grounding.box;
  const words = page.lines.flatMap((line) => line.words);
  // Within a line's height of the end (in the page's width): a word space, never a column gap.
  const aspect = page.page.width > 0 ? page.page.height / page.page.width : 1;
  const reach = box.x1 + boxHeight(box) * aspect;
  const near = words.filter(
    (word) =>
      centreWithin(word.box, box) ||
      (word.box.x0 >= box.x1 && word.box.x0 <= reach && verticalOverlapRatio(word.box, box) > 0.5),
  );
  const over = words.filter(
    (word) => !near.includes(word) && near.some((n) => intersectionArea(n.box, word.box) > 0),
  );
  return [...near, ...over];
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
