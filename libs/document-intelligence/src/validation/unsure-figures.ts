import type { ExtractedCell } from '../schema/extraction-result.types';
import type { TableColumnDefinition } from '../schema/field-schema.types';

/*
 * A figure OCR read with a digit it was unsure of. A misread digit leaves a well-formed amount
 * (`160,000.00` for 100,000.00, `250.60` for 250.00: a 0 read as a 6), so no shape check of the
 * value can see it, and the cell's confidence, passed at the usual threshold, let a declarations
 * table of draw 7010 go straight through with two wrong limits (words at 0.77 and 0.88). On the
 * scans of draws 7009 and 7010 read one-shot, an amount or number cell whose least sure digit
 * word was read below 0.90 was wrong 33 times in 101; at 0.90 or above, 23 in 429 (those mostly
 * cut short or in the wrong column, which other doubts say). Born-digital words are sure (1).
 * A cell the page's own arithmetic vouched for (its row's sum, the totals line; raised to 0.90
 * by the cross-field rules) is not doubted: a misread digit would have broken the sum.
 */

/** A digit word read below this is a figure OCR was unsure of. */
export const FIGURE_WORD_SURENESS = 0.9;

/** The least sure word of a cell that holds a digit; 1 when none does. */
function leastSureDigitWord(cell: ExtractedCell): number {
  const words = (cell.grounding?.words ?? []).filter((w) => /\d/.test(w.text));
  return Math.min(1, ...words.map((w) => w.confidence));
}

/**
 * Why a numeric cell's figure is in doubt, or null: a digit word read below the sureness a
 * figure needs, in a cell nothing on the page vouched for.
 */
export function unsureFigure(column: TableColumnDefinition, cell: ExtractedCell): string | null {
  if (cell.value === null || cell.confidence >= FIGURE_WORD_SURENESS) return null;
  const kind = figureKind(column, cell);
  if (!kind) return null;
  const { readsAs, sureness } = FIGURE_KINDS[kind];
  const least = leastSureDigitWord(cell);
  return least < sureness
    ? `${column.key} figure read by OCR at ${least.toFixed(2)}: a misread digit still reads as ${readsAs}`
    : null;
}

/**
 * A reference's word read below this is one OCR was unsure of. Lower than a figure's: on the
 * scans of draws 7015-7017 read one-shot, claim numbers read at 0.88-0.89 were right and sent
 * fully right loss runs to review at 0.90, while the misread one stood at 0.68.
 */
const IDENTIFIER_WORD_SURENESS = 0.8;

/** What a misread digit of a cell still reads as. */
type FigureKind = 'amount' | 'number' | 'identifier';

/** How each kind is worded in its doubt, and how sure its digit words must be. */
const FIGURE_KINDS: Record<FigureKind, { readsAs: string; sureness: number }> = {
  amount: { readsAs: 'an amount', sureness: FIGURE_WORD_SURENESS },
  number: { readsAs: 'a number', sureness: FIGURE_WORD_SURENESS },
  identifier: { readsAs: 'an identifier', sureness: IDENTIFIER_WORD_SURENESS },
};

/**
 * The cell's kind of figure: an amount, a number, or, for text holding digits, an identifier.
 * A loss run's claim numbers read one-shot from a scan of draw 7016 went straight through as
 * `23372731C` (word at 0.68) for 2337273IC: a text cell's confidence is its column's reading,
 * not its words'.
 */
function figureKind(column: TableColumnDefinition, cell: ExtractedCell): FigureKind | null {
  if (column.type === 'money') return 'amount';
  if (column.type === 'number') return 'number';
  return column.type === 'string' && /\d/.test(String(cell.value)) ? 'identifier' : null;
}
