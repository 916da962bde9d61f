import type { ExtractedField } from '../schema/extraction-result.types';
import type { ScalarFieldDefinition, TableFieldDefinition } from '../schema/field-schema.types';
import type { TextLine } from '../text-layer/line-grouper';
import { parseMoney } from '../values/money-normaliser';
import { groundingOf } from '../values/word-span';
import { columnTotal } from './table-doubts';
import { wholly } from './value-kinds';

/*
 * A total field no caption answered ("Total Incurred" when the totals line says only "Sum"),
 * read from the page's arithmetic: the amount printed where the table's rows, added up in the
 * column the field names, say its total is. Nothing here knows a document type.
 */

/** Amounts agree to the cent. */
const CENT = 0.005;
/** Read from arithmetic, not from a caption: a reviewer confirms it. */
const ARITHMETIC_CONFIDENCE = 0.5;

/**
 * Each money field left empty that names a numeric column of a table read in two rows or more
 * takes the amount printed on the page that equals the column's sum, the last one printed (a
 * totals line closes the table) when it is printed more than once.
 */
export function readPrintedColumnTotals(
  fields: readonly ScalarFieldDefinition[],
  tables: readonly TableFieldDefinition[],
  results: Map<string, ExtractedField>,
  lines: readonly TextLine[],
  documentId: string | undefined,
): void {
  for (const field of fields) {
    if (results.get(field.key)?.value != null) continue;
    for (const table of tables) {
      const total = columnTotal(field, table, results.get(table.key)?.rows ?? []);
      if (!total || total.sum <= 0) continue;
      const printed = lines.flatMap((line) =>
        line.words.flatMap((word) => {
          const parsed = parseMoney(word.text);
          return parsed &&
            wholly(word.text, parsed) &&
            Math.abs(parsed.value.amount - total.sum) < CENT
            ? [{ word, value: parsed.value }]
            : [];
        }),
      );
      const last = printed.at(-1);
      if (!last) continue;
      results.set(field.key, {
        key: field.key,
        type: field.type,
        value: last.value,
        text: last.word.text,
        confidence: ARITHMETIC_CONFIDENCE * last.word.confidence,
        ...(documentId === undefined ? {} : { documentId }),
        grounding: groundingOf([last.word], documentId),
        source: 'pattern',
        notes: [`the rows of ${table.key} add up to it in ${total.column.key}`],
        doubts: ['read from the table’s arithmetic, no caption names it'],
      });
      break;
    }
  }
}
