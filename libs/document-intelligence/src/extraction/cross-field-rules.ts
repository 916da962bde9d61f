import type { AnalysedDocument } from '../layout/analysed-document';
import type { ExtractedField } from '../schema/extraction-result.types';
import type { ScalarFieldDefinition } from '../schema/field-schema.types';
import type { TextLine } from '../text-layer/line-grouper';
import type { FieldMatches } from './field-matching';
import { asksForIssuer, fromLetterhead, letterheadLine } from './letterhead';
import { orderPeriodEnds } from './period-ends';
import { settleTotal } from './sum-check';

/**
 * The last stage: rules that weigh fields against each other and the whole document, once every
 * field has its reading. They amend `results` in place.
 */
export function settleAcrossFields(
  analysed: AnalysedDocument,
  matches: FieldMatches,
  results: Map<string, ExtractedField>,
): void {
  const { documentId } = analysed;
  // The one field asking for the total takes the amount the document prints as a sum of others.
  settleTotal(matches.matched, results, analysed.layouts, documentId);
  // Who issued the document, when no caption says: the name printed large at its top.
  readLetterhead(matches.matched, results, analysed.lines, matches.usedWords, documentId);
  // A period's start read later than its end: the two captions were taken the wrong way round.
  orderPeriodEnds(matches.scalars, results);
}

/** The one field asking for the issuer that nothing else read takes the letterhead's name. */
function readLetterhead(
  fields: readonly ScalarFieldDefinition[],
  results: Map<string, ExtractedField>,
  lines: readonly TextLine[],
  used: ReadonlySet<string>,
  documentId: string | undefined,
): void {
  const issuers = fields.filter(asksForIssuer);
  if (issuers.length !== 1) return;
  const [field] = issuers;
  if (results.get(field.key)?.value !== null) return;
  const line = letterheadLine(lines, used);
  if (line) results.set(field.key, fromLetterhead(field, line, documentId));
}
