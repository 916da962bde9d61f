import { upperMedian } from '../common/upper-median';
import type { ExtractedField } from '../schema/extraction-result.types';
import type { ScalarFieldDefinition } from '../schema/field-schema.types';
import { splitSegments, type TextLine } from '../text-layer/line-grouper';
import { tokenise } from '../text-layer/text-normaliser';
import { groundingOf, joinWords, meanConfidence, wordKey } from '../values/word-span';
import { fieldPhrases } from '../vocabulary/label-vocabulary';

/*
 * The issuer of a document prints its name at the top of the first page, large and with no
 * caption: the letterhead. A field asking who issued or sent the document (vendor, supplier,
 * insurer, carrier, sender) that no caption answers reads it there. A letterhead is told from a
 * title ("NOTICE OF LOSS") by reading as an organisation's name: it carries a word such names
 * are made with (Inc., Mutual, Insurance, Services, ...). The reading is a guess to confirm.
 */

/** Words of a field asking for the party that issued or sent the document. */
const ISSUER_WORDS: ReadonlySet<string> = new Set([
  'vendor',
  'supplier',
  'seller',
  'insurer',
  'carrier',
  'underwriter',
  'sender',
  'issuer',
  'merchant',
]);
/** Words organisations' names are made with (legal forms and trades). */
const ORGANISATION_WORDS: ReadonlySet<string> = new Set([
  'inc',
  'incorporated',
  'llc',
  'llp',
  'ltd',
  'limited',
  'plc',
  'co',
  'corp',
  'corporation',
  'company',
  'gmbh',
  'ag',
  'mutual',
  'insurance',
  'assurance',
  'indemnity',
  'casualty',
  'underwriters',
  'group',
  'services',
  'partners',
  'associates',
  'agency',
  'bank',
  'holdings',
  'brothers',
  'sons',
  '&',
]);
/** The top share of the first page a letterhead stands in. */
const LETTERHEAD_BAND = 0.22;
/** Printed at least this much larger than the page's typical line. */
const LARGER_THAN_BODY = 1.2;
const MAX_WORDS = 7;
/** A name read from the letterhead, not from a caption: a guess a reviewer confirms. */
const LETTERHEAD_CONFIDENCE = 0.5;
export const LETTERHEAD_DOUBT = 'read from the letterhead: no caption names it';

export function asksForIssuer(field: ScalarFieldDefinition): boolean {
  if (field.type !== 'string') return false;
  return fieldPhrases(field).some((phrase) => tokenise(phrase).some((w) => ISSUER_WORDS.has(w)));
}

/** The organisation's name printed largest at the top of the first page, if there is one. */
export function letterheadLine(
  lines: readonly TextLine[],
  taken: ReadonlySet<string>,
): TextLine | null {
  const firstPage = lines.filter((l) => l.pageNumber === lines[0]?.pageNumber);
  const body = upperMedian(firstPage.map((l) => l.heightInWidthUnits));
  const names = firstPage.filter((line) => {
    if (line.box.y1 > LETTERHEAD_BAND) return false;
    if (line.heightInWidthUnits < body * LARGER_THAN_BODY) return false;
    if (line.words.length > MAX_WORDS || /[:\d]/.test(line.text)) return false;
    // A name is printed as one phrase: two are a caption and its answer ("INSURER   Harborline
    // Casualty Company"), another field's line, whatever size OCR read them at.
    if (splitSegments(line).length > 1) return false;
    if (line.words.some((w) => taken.has(wordKey(w)))) return false;
    return tokenise(line.text).some((w) => ORGANISATION_WORDS.has(w));
  });
  names.sort((a, b) => b.heightInWidthUnits - a.heightInWidthUnits || a.box.y0 - b.box.y0);
  return names[0] ?? null;
}

/** The field read from the letterhead, flagged for a reviewer. */
export function fromLetterhead(
  field: ScalarFieldDefinition,
  line: TextLine,
  documentId: string | undefined,
): ExtractedField {
  return {
    key: field.key,
    type: field.type,
    value: joinWords(line.words),
    text: line.text,
    confidence: LETTERHEAD_CONFIDENCE * meanConfidence(line.words),
    ...(documentId === undefined ? {} : { documentId }),
    grounding: groundingOf(line.words, documentId),
    // No caption and no pattern: the closest source the API names for a captionless reading.
    source: 'pattern',
    notes: ['the issuer printed large at the top of the first page'],
    doubts: [LETTERHEAD_DOUBT],
  };
}
