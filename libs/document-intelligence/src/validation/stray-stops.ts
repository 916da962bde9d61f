import type { ExtractedCell } from '../schema/extraction-result.types';
import type { TableColumnDefinition } from '../schema/field-schema.types';

/*
 * A full stop OCR read into a phrase: a speck after a word of a scanned cell comes back as its
 * stop (`Medical. Payments`, `Towing and. Labor` on a declarations scan of draw 7019, words at
 * 0.83 and 0.69), and the coverage went straight through one-shot at the column's confidence. A
 * printed abbreviation inside a phrase (`Liab. Each Person`) reads as surely as its neighbours;
 * a stop on a word OCR was unsure of is doubted. Born-digital words are sure (1).
 */

/** A word read below this that ends a phrase's inner word in a stop is in doubt. */
const STOP_WORD_SURENESS = 0.9;

/** A word of two letters or more closed by one full stop. */
const STOPPED_WORD = /^\p{L}{2,}\.$/u;

/** Why a text cell's inner full stop is in doubt, or null. */
export function strayStop(column: TableColumnDefinition, cell: ExtractedCell): string | null {
  if (column.type !== 'string' || typeof cell.value !== 'string') return null;
  const words = cell.grounding?.words ?? [];
  const stopped = words
    .slice(0, -1)
    .find((word) => STOPPED_WORD.test(word.text) && word.confidence < STOP_WORD_SURENESS);
  return stopped
    ? `${column.key} "${stopped.text}" read by OCR at ${stopped.confidence.toFixed(2)}: a speck read as a full stop inside the text`
    : null;
}
