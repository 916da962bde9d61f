import type { TextLine } from '../text-layer/line-grouper';
import { labelTokens, tokenSimilarity } from '../text-layer/text-normaliser';

/*
 * A table run on over a page break prints its header again at the top of the next page. The
 * page after may hold one last row under it, which alone would pass for a form's band of
 * captions over answers; the header repeated word for word, where an earlier page's table
 * printed it, says it is the table's last row.
 */

/** Each word of a repeated header reads this alike on both pages (an OCR slip allowed). */
const SAME_WORD = 0.8;
/** The header starts and ends this close to where it did (page fractions of width). */
const SAME_PLACE = 0.03;

/** The line prints one of `earlier` header lines again: the same words at the same place. */
export function repeatsHeaderLine(line: TextLine, earlier: readonly TextLine[]): boolean {
  const tokens = labelTokens(line.text);
  return earlier.some((header) => {
    if (header.pageNumber >= line.pageNumber) return false;
    const before = labelTokens(header.text);
    return (
      tokens.length === before.length &&
      tokens.length >= 2 &&
      tokens.every((token, i) => tokenSimilarity(token, before[i]) >= SAME_WORD) &&
      Math.abs(line.box.x0 - header.box.x0) <= SAME_PLACE &&
      Math.abs(line.box.x1 - header.box.x1) <= SAME_PLACE
    );
  });
}
