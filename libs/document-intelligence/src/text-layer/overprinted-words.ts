import type { CornerBox } from '@docket/platform';

import { boxWidth, horizontalOverlap, verticalOverlapRatio } from './box-geometry';

/**
 * How much of the narrower word another word must cover, across and up, to be printed over it.
 * Neighbouring words of one line touch at most by a letter's kerning; a caption typeset over a
 * value covers half a word and more.
 */
const OVERPRINT_SHARE = 0.5;

/**
 * Two of the words printed over each other: a document that typesets one text over another
 * (the next column's caption over the end of a long address) prints words whose order and
 * belonging the page cannot say, so a value read from them is in doubt whatever else agrees.
 */
export function overprintedPair<W extends { text: string; box: CornerBox }>(
  words: readonly W[],
): readonly [W, W] | null {
  for (const [i, a] of words.entries()) {
    for (const b of words.slice(i + 1)) {
      const narrower = Math.min(boxWidth(a.box), boxWidth(b.box));
      if (
        narrower > 0 &&
        horizontalOverlap(a.box, b.box) > OVERPRINT_SHARE * narrower &&
        verticalOverlapRatio(a.box, b.box) > OVERPRINT_SHARE
      )
        return [a, b];
    }
  }
  return null;
}

/** Why a value read from such words is doubted. */
export function overprintedDoubt(pair: readonly [{ text: string }, { text: string }]): string {
  return `words printed over each other: "${pair[0].text}" and "${pair[1].text}"`;
}
