import type { CornerBox } from '@docket/platform';

import type { AnalysedPage } from '../layout/analysed-page';
import {
  type ExtractedField,
  NOT_FOUND_DOUBT,
  weakCaptionOf,
} from '../schema/extraction-result.types';
import type { FieldDefinition } from '../schema/field-schema.types';
import type { PositionedWord } from '../text-layer/line-grouper';
import {
  asksForVin,
  parseVin,
  vinShaped,
  ZERO_REPAIRED_QUALITY,
} from '../values/vehicle-identification-number';
import { groundingOf } from '../values/word-span';
import { fieldPhrases } from '../vocabulary/label-vocabulary';

/*
 * A VIN read under a caption whose meaning matched the field only weakly ("Vehicle ID",
 * "Chassis No." for a field labelled VIN; the bench rotates such wordings on purpose, and no
 * vocabulary holds them all). ISO 3779 gives a VIN a shape no other value of an insurance
 * document has: 17 capital letters and digits, never I, O or Q. When the value read is the one
 * word of that shape the document prints, the shape says what the caption could not: on draws
 * 7015 and 7016 such VINs, read right, sent nine documents to review after a review of their
 * layout. Two words of the shape, or a value repaired from I, O or Q, leave the doubt. A VIN
 * field nothing was read for takes that one word, flagged (`foundByShape`).
 */

/** Said of a VIN whose shape outweighed a weak caption match. */
export const VIN_SHAPE_NOTE =
  "the document's only word in a VIN's shape (ISO 3779: 17 letters and digits, no I, O or Q): the weak caption match outweighed";

/** As sure as the surest caption match (pair-matcher), times how sure its word was read. */
const VOUCHED_CONFIDENCE = 0.85;

/** Every word of the document printed in a VIN's shape, misread letters allowed. */
function vinShapedWords(pages: readonly AnalysedPage[]): PositionedWord[] {
  return pages.flatMap(({ lines }) =>
    lines.flatMap((line) => line.words.filter((word) => vinShaped(word.text, false))),
  );
}

/** Where a word stands, to tell whether another field's reading took it. */
function placeKey(page: number, box: CornerBox): string {
  return `${page}:${box.x0}:${box.y0}`;
}

/** Said of a VIN read by its shape where no caption named it. */
export const VIN_FOUND_NOTE =
  "the document's only word in a VIN's shape (ISO 3779: 17 letters and digits, no I, O or Q)";

/** Why a VIN no caption named, read by its shape alone, is doubted. */
export const VIN_BY_SHAPE_DOUBT = 'no caption found; taken by its VIN shape (ISO 3779) only';

/** A guess for a reviewer to confirm, as sure as a value of the right kind found by elimination. */
const SHAPE_ONLY_CONFIDENCE = 0.5;

/**
 * A VIN field nothing was read for takes the document's one word in a VIN's shape, flagged: a
 * VIN printed above its caption, apart from it ("2TBML0NS01VFMJ0E4" over "Vehicle
 * Identification No." on an invoice layout of draw 7015), pairs with no caption.
 */
function foundByShape(
  read: ExtractedField,
  word: PositionedWord,
  taken: ReadonlySet<string>,
): ExtractedField | null {
  if (read.value !== null || read.doubts?.join() !== NOT_FOUND_DOUBT) return null;
  const parsed = parseVin(word.text);
  // An O or Q read for a 0 is near certain (ISO 3779 prints neither); the value stays doubted.
  if (
    !parsed ||
    parsed.quality < ZERO_REPAIRED_QUALITY ||
    taken.has(placeKey(word.pageNumber, word.box))
  )
    return null;
  return {
    ...read,
    value: parsed.value,
    text: word.text,
    confidence: SHAPE_ONLY_CONFIDENCE * word.confidence,
    grounding: groundingOf([word], read.documentId),
    source: 'pattern',
    notes: [VIN_FOUND_NOTE],
    doubts: [VIN_BY_SHAPE_DOUBT],
  };
}

/** The VIN fields' readings with what the one word in a VIN's shape says of them. */
export function withVinsReadByShape(
  results: ReadonlyMap<string, ExtractedField>,
  fields: readonly FieldDefinition[],
  pages: readonly AnalysedPage[],
): Map<string, ExtractedField> {
  const vouched = new Map(results);
  const vinFields = fields.filter((f) => f.type === 'string' && asksForVin(fieldPhrases(f)));
  if (vinFields.length === 0) return vouched;
  const shaped = vinShapedWords(pages);
  if (new Set(shaped.map((w) => w.text)).size !== 1) return vouched;
  const taken = new Set(
    [...results.values()].flatMap((r) =>
      (r.grounding?.words ?? []).map((w) => placeKey(r.grounding!.page, w.box)),
    ),
  );
  for (const field of vinFields) {
    const read = results.get(field.key);
    const found = read && foundByShape(read, shaped[0]!, taken);
    if (found) {
      vouched.set(field.key, found);
      continue;
    }
    const words = read?.grounding?.words ?? [];
    const weak = read?.doubts?.length === 1 ? weakCaptionOf(read.doubts[0]!) : null;
    if (!read || !weak || words.length !== 1 || typeof read.value !== 'string') continue;
    if (!vinShaped(read.value, true) || words[0]!.text !== shaped[0]!.text) continue;
    // Only a word read as printed, or with an O for its 0, is vouched for: an I read for a 1
    // may as well have been a J or an L (a harsh scan's 'XS41VYMIVKRDXAWL2' for ...MJ...).
    if ((parseVin(words[0]!.text)?.quality ?? 0) < ZERO_REPAIRED_QUALITY) continue;
    vouched.set(field.key, {
      ...read,
      confidence: Math.max(read.confidence, VOUCHED_CONFIDENCE * words[0]!.confidence),
      doubts: [],
      notes: [...read.notes, VIN_SHAPE_NOTE],
    });
  }
  return vouched;
}
