import type { ExtractedField } from '../schema/extraction-result.types';
import type { ScalarFieldDefinition } from '../schema/field-schema.types';
import { tokenise } from '../text-layer/text-normaliser';
import { fieldPhrases } from '../vocabulary/label-vocabulary';

/*
 * Two dates naming the ends of one period ("Policy Period From ... To ...", "Coverage Begins" /
 * "Coverage Ends"): a field asking for the start and one asking for the end. A period never
 * ends before it starts, so when the two were read the wrong way round (captions that differ
 * only in "from" and "to" look alike to a caption match), they are swapped. Nothing here knows
 * a document type, only what a period is.
 */

const START_WORDS: ReadonlySet<string> = new Set([
  'start',
  'starts',
  'begin',
  'begins',
  'beginning',
  'effective',
  'inception',
  'from',
  'commencement',
  'commences',
]);
const END_WORDS: ReadonlySet<string> = new Set([
  'end',
  'ends',
  'ending',
  'expiration',
  'expiry',
  'expires',
  'to',
  'until',
  'through',
  'thru',
  'termination',
]);

type End = 'start' | 'end';

function endOf(field: ScalarFieldDefinition): End | null {
  const words = new Set(fieldPhrases(field).flatMap((phrase) => tokenise(phrase)));
  const start = [...words].some((w) => START_WORDS.has(w));
  const end = [...words].some((w) => END_WORDS.has(w));
  if (start === end) return null;
  return start ? 'start' : 'end';
}

/** The one field asking for a period's start and the one asking for its end, if both exist. */
function periodFields(
  fields: readonly ScalarFieldDefinition[],
): { start: ScalarFieldDefinition; end: ScalarFieldDefinition } | null {
  const dates = fields.filter((f) => f.type === 'date');
  const starts = dates.filter((f) => endOf(f) === 'start');
  const ends = dates.filter((f) => endOf(f) === 'end');
  return starts.length === 1 && ends.length === 1 ? { start: starts[0], end: ends[0] } : null;
}

const NOTE = 'read as the two ends of one period: the earlier date is its start';

/** Swaps a period's two dates in `results` when the start was read later than the end. */
export function orderPeriodEnds(
  fields: readonly ScalarFieldDefinition[],
  results: Map<string, ExtractedField>,
): void {
  const period = periodFields(fields);
  if (!period) return;
  const start = results.get(period.start.key);
  const end = results.get(period.end.key);
  if (typeof start?.value !== 'string' || typeof end?.value !== 'string') return;
  if (start.value <= end.value) return;
  const confidence = Math.min(start.confidence, end.confidence);
  const swapped = (field: ExtractedField, from: ExtractedField): ExtractedField => ({
    ...from,
    key: field.key,
    confidence,
    notes: [...from.notes, NOTE],
  });
  results.set(period.start.key, swapped(start, end));
  results.set(period.end.key, swapped(end, start));
}
