import type { CornerBox } from '@docket/platform';

import type { AnalysedPage } from '../layout/analysed-page';
import { boxCentreX } from '../text-layer/box-geometry';
import { pageSlope } from '../text-layer/page-skew';

/*
 * A remembered value's place, levelled for the two pages' skew. A scan fed a degree or two
 * askew climbs or falls across the page: a value printed 0.27 of a page's width right of its
 * caption stands about a line lower on a page turned +2.4° and a line higher on one turned
 * -1.6°. The offset is remembered as the reviewed page was scanned, so on a page skewed the
 * other way it falls on the next line (on a development draw a harsh scan's subtotal was read
 * from the tax's line, and its tax from the total's, at 0.71-0.90). The remembered offset is
 * taken back to level by the reviewed page's slope and turned again by this page's.
 */

const slopes = new WeakMap<AnalysedPage, number>();

/**
 * A page's slope (normalised y per normalised x, `pageSlope`): read from the words its lines
 * hold (OCR's specks already left out, as the line grouper measured it); 0 for a born-digital
 * page, whose text is printed level.
 */
export function slopeOf(page: AnalysedPage): number {
  const known = slopes.get(page);
  if (known !== undefined) return known;
  const { width, height, source } = page.page;
  const words = page.lines.flatMap((line) => line.words);
  const slope = source === 'ocr' ? pageSlope(words, width > 0 ? height / width : 1) : 0;
  slopes.set(page, slope);
  return slope;
}

/** What levelling needs of a remembered field: its anchor, the offset, the reviewed slope. */
export interface SlopedPlace {
  readonly anchorBox: CornerBox;
  readonly offset: CornerBox;
  /** The reviewed page's slope; absent in memories learned before: taken as level. */
  readonly slope?: number;
}

/**
 * The remembered field with its offset levelled for this page: moved up or down by the
 * difference of the two slopes over the run from the anchor's middle to the value's. Unchanged
 * when both pages read alike (level pages, born-digital ones).
 */
export function levelledForPage<T extends SlopedPlace>(remembered: T, page: AnalysedPage): T {
  const turn = slopeOf(page) - (remembered.slope ?? 0);
  if (turn === 0) return remembered;
  const { offset, anchorBox } = remembered;
  const run = boxCentreX(offset) - (anchorBox.x1 - anchorBox.x0) / 2;
  const dy = turn * run;
  return { ...remembered, offset: { ...offset, y0: offset.y0 + dy, y1: offset.y1 + dy } };
}

/** The reviewed page's slope as a memory keeps it: nothing for a level page. */
export function rememberedSlope(page: AnalysedPage): { slope?: number } {
  const slope = slopeOf(page);
  return slope === 0 ? {} : { slope };
}
