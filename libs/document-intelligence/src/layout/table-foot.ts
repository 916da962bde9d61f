import type { PositionedWord } from '../text-layer/line-grouper';
import type { KeyValuePair } from './layout.types';
import { layoutText } from './layout-text';
import type { TableFoot } from './table.detector';

/** As sure as a caption with its answer beside it: the column says which total it is. */
const FOOT_CONFIDENCE = 0.62;

const joined = (words: readonly PositionedWord[]): string => words.map((w) => w.text).join(' ');

/**
 * The pairs of a totals line that sums two or more columns: "Grand Total" alone does not say
 * which of "$79,766.66" and "$176,757.79" is the total paid, so each amount is keyed by the
 * caption and the header of its column ("Grand Total Paid to Date"). The key's words and box
 * are the printed caption's; its text names the column as well.
 */
export function tableFootPairs(feet: readonly TableFoot[]): KeyValuePair[] {
  return feet.flatMap((foot) => {
    const caption = layoutText(foot.caption);
    return foot.amounts.map((amount) => ({
      key: { ...caption, text: `${caption.text} ${joined(amount.header)}`.trim() },
      value: layoutText(amount.words),
      arrangement: 'right' as const,
      confidence: FOOT_CONFIDENCE,
    }));
  });
}

/** The words of the totals lines, so the key-value detector does not pair them again. */
export function tableFootWords(feet: readonly TableFoot[]): PositionedWord[] {
  return feet.flatMap((foot) => [...foot.caption, ...foot.amounts.flatMap((a) => a.words)]);
}
