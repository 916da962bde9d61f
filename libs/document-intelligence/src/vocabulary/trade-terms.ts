import { captionTokens } from './label-vocabulary';
import { TRADE_CONCEPTS, type TradeConcept } from './trade-terms.data';

/*
 * Captions in a trade's own terms: an invoice prints "Billed Quantity" or "Line Extension
 * Amount", a loss run "Claims Outstanding", where a first-time schema says "Quantity" or
 * "Reserve". Published standards name each such thing several ways (trade-terms.data.ts, every
 * entry with its source); a caption and a field naming one thing by two of them are related.
 * Comparison is by stems, order-free, abbreviations expanded ("Billed Qty").
 */

/** A caption naming the field's thing in a standard's other words: near the field's own words. */
export const TRADE_TERM_SIMILARITY = 0.8;

interface IndexedConcept {
  readonly id: string;
  readonly terms: ReadonlyArray<ReadonlySet<string>>;
}

let index: readonly IndexedConcept[] | undefined;

function concepts(): readonly IndexedConcept[] {
  index ??= TRADE_CONCEPTS.map((concept: TradeConcept) => ({
    id: concept.id,
    terms: concept.terms.map((term) => new Set(captionTokens(term.text))),
  }));
  return index;
}

function within(small: ReadonlySet<string>, large: ReadonlySet<string>): boolean {
  for (const stem of small) if (!large.has(stem)) return false;
  return true;
}

/**
 * Whether a text names a term: it is the term (word order aside); or it holds a whole term of
 * two words or more and at most one word besides ("Claims Outstanding (USD)"); or, for a
 * field's own phrase, or a caption of two words or more, it is part of a term ("Reserve" of
 * "Amount Reserved", "Net Price" of "Item net price"). A single printed word that is only part
 * of a term ("Price", "Net") says too little to name it.
 */
function namesTerm(
  stems: ReadonlySet<string>,
  term: ReadonlySet<string>,
  side: 'field' | 'caption',
): boolean {
  if (stems.size === 0) return false;
  if (stems.size === term.size && within(stems, term)) return true;
  if (term.size >= 2 && stems.size <= term.size + 1 && within(term, stems)) return true;
  return (side === 'field' || stems.size >= 2) && within(stems, term);
}

/** The one concept a text names, or null when it names none or several. */
export function tradeConceptOf(text: string, side: 'field' | 'caption'): string | null {
  const stems = new Set(captionTokens(text));
  const named = concepts().filter((concept) =>
    concept.terms.some((term) => namesTerm(stems, term, side)),
  );
  return named.length === 1 ? named[0].id : null;
}

/** Whether a text is, word order aside, one of the vocabulary's terms. */
export function isTradeTerm(text: string): boolean {
  const stems = new Set(captionTokens(text));
  return concepts().some((concept) =>
    concept.terms.some((term) => term.size === stems.size && within(stems, term)),
  );
}

/**
 * TRADE_TERM_SIMILARITY when the caption and one of the field's phrases each name one and the
 * same concept, else 0.
 */
export function tradeTermSimilarity(phrases: readonly string[], caption: string): number {
  const printed = tradeConceptOf(caption, 'caption');
  if (printed === null) return 0;
  return phrases.some((phrase) => tradeConceptOf(phrase, 'field') === printed)
    ? TRADE_TERM_SIMILARITY
    : 0;
}
