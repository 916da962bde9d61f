import type { ExtractedField } from '../schema/extraction-result.types';
import type { ScalarFieldDefinition } from '../schema/field-schema.types';
import { tokenise } from '../text-layer/text-normaliser';
import { fieldPhrases } from '../vocabulary/label-vocabulary';

/*
 * Two dates one of which never precedes the other: the ends of one period ("Policy Period From
 * ... To ...", "Coverage Begins" / "Coverage Ends"), and an event and its report ("Date of
 * Loss" / "Date Reported": nothing is reported before it happens). When the two were read the
 * wrong way round (captions that differ only in "from" and "to" look alike to a caption match;
 * "Date Notified" and "When Did It Happen" name neither field in words the engine knows, and the
 * dates went in reading order), they are swapped. Nothing here knows a document type, only what
 * a period and a report are.
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

/** What happens (a loss, an incident) and when it was made known (reported, notified). */
const EVENT_WORDS: ReadonlySet<string> = new Set([
  'loss',
  'incident',
  'accident',
  'occurrence',
  'occurred',
  'event',
  'happened',
]);
const REPORT_WORDS: ReadonlySet<string> = new Set([
  'reported',
  'report',
  'notified',
  'notice',
  'notification',
  'received',
  'filed',
]);

interface DateOrder {
  readonly earlier: ReadonlySet<string>;
  readonly later: ReadonlySet<string>;
  readonly note: string;
  /** Swapped only when a reading is already in doubt: a sure pair out of order is the page's. */
  readonly onlyInDoubt: boolean;
}

const ORDERS: readonly DateOrder[] = [
  {
    earlier: START_WORDS,
    later: END_WORDS,
    note: 'read as the two ends of one period: the earlier date is its start',
    onlyInDoubt: false,
  },
  {
    earlier: EVENT_WORDS,
    later: REPORT_WORDS,
    note: 'read as an event and its report: the earlier date is the event',
    onlyInDoubt: true,
  },
];

/** A review threshold's worth: below it a reading is in doubt. */
const IN_DOUBT = 0.7;

function side(field: ScalarFieldDefinition, order: DateOrder): 'earlier' | 'later' | null {
  const words = new Set(fieldPhrases(field).flatMap((phrase) => tokenise(phrase)));
  const earlier = [...words].some((w) => order.earlier.has(w));
  const later = [...words].some((w) => order.later.has(w));
  if (earlier === later) return null;
  return earlier ? 'earlier' : 'later';
}

/** The one date field on each side of an order, if both exist. */
function orderedFields(
  fields: readonly ScalarFieldDefinition[],
  order: DateOrder,
): { earlier: ScalarFieldDefinition; later: ScalarFieldDefinition } | null {
  const dates = fields.filter((f) => f.type === 'date');
  const earlier = dates.filter((f) => side(f, order) === 'earlier');
  const later = dates.filter((f) => side(f, order) === 'later');
  return earlier.length === 1 && later.length === 1
    ? { earlier: earlier[0], later: later[0] }
    : null;
}

/** Swaps two ordered dates in `results` when the earlier was read later than the other. */
export function orderDates(
  fields: readonly ScalarFieldDefinition[],
  results: Map<string, ExtractedField>,
): void {
  for (const order of ORDERS) {
    const pair = orderedFields(fields, order);
    if (!pair) continue;
    const earlier = results.get(pair.earlier.key);
    const later = results.get(pair.later.key);
    if (typeof earlier?.value !== 'string' || typeof later?.value !== 'string') continue;
    if (earlier.value <= later.value) continue;
    const confidence = Math.min(earlier.confidence, later.confidence);
    if (order.onlyInDoubt && confidence >= IN_DOUBT) continue;
    const swapped = (field: ExtractedField, from: ExtractedField): ExtractedField => ({
      ...from,
      key: field.key,
      confidence,
      notes: [...from.notes, order.note],
    });
    results.set(pair.earlier.key, swapped(earlier, later));
    results.set(pair.later.key, swapped(later, earlier));
  }
}
