import type { AnalysedPage } from '../layout/analysed-page';
import { type ExtractedField, weakCaptionOf } from '../schema/extraction-result.types';
import type { FieldDefinition } from '../schema/field-schema.types';
import { asksForVin, vinShaped } from '../values/vehicle-identification-number';
import { fieldPhrases } from '../vocabulary/label-vocabulary';

/*
 * A VIN read under a caption whose meaning matched the field only weakly ("Vehicle ID",
 * "Chassis No." for a field labelled VIN; the bench rotates such wordings on purpose, and no
 * vocabulary holds them all). ISO 3779 gives a VIN a shape no other value of an insurance
 * document has: 17 capital letters and digits, never I, O or Q. When the value read is the one
 * word of that shape the document prints, the shape says what the caption could not: on draws
 * 7015 and 7016 such VINs, read right, sent nine documents to review after a review of their
 * layout. Two words of the shape, or a value repaired from I, O or Q, leave the doubt.
 */

/** Said of a VIN whose shape outweighed a weak caption match. */
export const VIN_SHAPE_NOTE =
  "the document's only word in a VIN's shape (ISO 3779: 17 letters and digits, no I, O or Q): the weak caption match outweighed";

/** As sure as the surest caption match (pair-matcher), times how sure its word was read. */
const VOUCHED_CONFIDENCE = 0.85;

/** Every distinct word of the document printed in a VIN's shape, misread letters allowed. */
function vinShapedWords(pages: readonly AnalysedPage[]): Set<string> {
  const words = new Set<string>();
  for (const { lines } of pages)
    for (const line of lines)
      for (const word of line.words) if (vinShaped(word.text, false)) words.add(word.text);
  return words;
}

export function withVinsVouchedByShape(
  results: ReadonlyMap<string, ExtractedField>,
  fields: readonly FieldDefinition[],
  pages: readonly AnalysedPage[],
): Map<string, ExtractedField> {
  const vouched = new Map(results);
  const vinFields = fields.filter((f) => f.type === 'string' && asksForVin(fieldPhrases(f)));
  if (vinFields.length === 0) return vouched;
  const shaped = vinShapedWords(pages);
  if (shaped.size !== 1) return vouched;
  for (const field of vinFields) {
    const read = results.get(field.key);
    const words = read?.grounding?.words ?? [];
    const weak = read?.doubts?.length === 1 ? weakCaptionOf(read.doubts[0]!) : null;
    if (!read || !weak || words.length !== 1 || typeof read.value !== 'string') continue;
    if (!vinShaped(read.value, true) || !shaped.has(words[0]!.text)) continue;
    vouched.set(field.key, {
      ...read,
      confidence: Math.max(read.confidence, VOUCHED_CONFIDENCE * words[0]!.confidence),
      doubts: [],
      notes: [...read.notes, VIN_SHAPE_NOTE],
    });
  }
  return vouched;
}
