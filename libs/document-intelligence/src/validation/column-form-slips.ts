import { oneSlipFromForm, valueForm } from '../memory/value-form';
import type { ExtractedRow } from '../schema/extraction-result.types';
import type { TableColumnDefinition } from '../schema/field-schema.types';

/*
 * A cell one OCR slip from the form its column's other cells print. A loss run's claim numbers
 * share one form (seven digits and two letters); on a scan of draw 7016 read one-shot, two of
 * them came back as `2325964L0` and `23372731C` (O read as 0, I as 1) at 0.80 and the document
 * went straight through. Identifiers differ from row to row, so a cell of another form is just
 * another value; a cell that one look-alike swap or one stray space puts in the column's form
 * is the column's form misread. Only columns of figures and codes: descriptions and coverage
 * names differ by a word or a space from one another (on draw 7016 "Loss of Use" and "Tail lamp
 * LH" were each one space from their columns' common forms, and right).
 */

/** Fewer cells of one form than this say too little about a column's form. */
const MIN_SHARING = 3;

function textOf(row: ExtractedRow, column: string): string | null {
  const value = row.cells[column]?.value;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The form more than half the column's filled cells share, if one is. */
function commonForm(texts: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const cellForm of texts.map(valueForm))
    counts.set(cellForm, (counts.get(cellForm) ?? 0) + 1);
  const [form, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  return count >= MIN_SHARING && count * 2 > texts.length ? form : null;
}

/** One reason per text cell that misses its column's common form by one OCR slip. */
export function columnFormSlips(
  columns: readonly TableColumnDefinition[],
  rows: readonly ExtractedRow[],
): string[] {
  const reasons: string[] = [];
  for (const column of columns) {
    if (column.type !== 'string') continue;
    const texts = rows.map((row) => textOf(row, column.key));
    const form = commonForm(texts.filter((t): t is string => t !== null));
    // Words' forms say nothing of a misread: "Tail lamp LH" is one space from "Aa a Aa" too.
    if (!form?.includes('9')) continue;
    texts.forEach((text, index) => {
      if (text !== null && oneSlipFromForm(text, form))
        reasons.push(
          `row ${index + 1}: ${column.key} "${text}" one OCR slip from the form the column's other cells print`,
        );
    });
  }
  return reasons;
}
