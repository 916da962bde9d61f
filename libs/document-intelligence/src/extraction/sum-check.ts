import type { KeyValuePair, PageLayout } from '../layout/layout.types';
import type { ExtractedField, MoneyValue } from '../schema/extraction-result.types';
import type { ScalarFieldDefinition } from '../schema/field-schema.types';
import { parseMoney } from '../values/money-normaliser';
import { groundingOf, wordsInSpan } from '../values/word-span';
import { captionTerms } from '../vocabulary/label-vocabulary';
import { wholly } from './value-kinds';

/*
 * Arithmetic the document itself states: an amount printed as the sum of two or three other
 * amounts of the document ("12,553.18" and "627.66" above "13,180.84") is a total of them.
 * A field asking for the total and nothing more ("Total", "Total Amount") is that amount,
 * whatever the captions say: a caption match holding only part of the field ("Goods Total")
 * does not outweigh it. Nothing here knows a document type, only what a total is.
 */

/** Words saying a caption asks for a sum; kind words ("Amount") qualify nothing. */
const TOTAL_WORDS: ReadonlySet<string> = new Set(['total', 'sum']);
const NEUTRAL_WORDS: ReadonlySet<string> = new Set(['amount']);
/** Amounts agree to the cent. */
const CENT = 0.005;
/** A value read from the page's arithmetic rather than its caption is a guess to confirm. */
const SUM_CONFIDENCE = 0.5;
/** A reading this sure came from the field's own caption and is left alone. */
const OWN_CAPTION = 0.9;

/** The field asks for the total and nothing narrower ("Total", not "Total Paid"). */
export function asksForPlainTotal(field: ScalarFieldDefinition): boolean {
  if (field.type !== 'money') return false;
  const terms = captionTerms(field.label ?? field.key).map((t) => t.text);
  return (
    terms.some((t) => TOTAL_WORDS.has(t)) &&
    terms.every((t) => TOTAL_WORDS.has(t) || NEUTRAL_WORDS.has(t))
  );
}

interface PrintedAmount {
  readonly pair: KeyValuePair;
  readonly value: MoneyValue;
  readonly start: number;
  readonly end: number;
  /** The amount as read, when its leading `1` is taken for a mark OCR misread. */
  readonly misread?: number;
}

/**
 * Printed as money: with cents, a currency sign or code, or grouped thousands. A bare count
 * ("2" under a table's header, read on a harsh scan of draw 7023) adds up with other counts to
 * a third, and is no page's total.
 */
const MONEY_PRINT = /[.,]\d{2}(?!\d)|[$€£¥]|\b[A-Z]{3}\b|\d,\d{3}/;

function printedAmounts(layout: PageLayout): PrintedAmount[] {
  return layout.keyValuePairs.flatMap((pair) => {
    if (!pair.value || pair.arrangement === 'checkbox') return [];
    const parsed = parseMoney(pair.value.text);
    if (!parsed || parsed.quality < 1 || !wholly(pair.value.text, parsed)) return [];
    if (!MONEY_PRINT.test(pair.value.text)) return [];
    return [{ pair, value: parsed.value, start: parsed.start, end: parsed.end }];
  });
}

/** Whether `target` is the sum of two or three of `parts` (indices other than `skip`). */
function sumOf(target: number, parts: readonly number[], skip: number): boolean {
  const others = parts.filter((_, i) => i !== skip);
  for (let i = 0; i < others.length; i += 1)
    for (let j = i + 1; j < others.length; j += 1) {
      if (Math.abs(others[i] + others[j] - target) < CENT) return true;
      for (let k = j + 1; k < others.length; k += 1)
        if (Math.abs(others[i] + others[j] + others[k] - target) < CENT) return true;
    }
  return false;
}

/**
 * The answers that are the sum of two or three other answers of the document (a totals block
 * may run over a page break: the goods total at the foot of one page, tax and total on the next).
 */
export function printedSums(layouts: readonly PageLayout[]): PrintedAmount[] {
  const amounts = layouts.flatMap(printedAmounts).filter((a) => a.value.amount > 0);
  const values = amounts.map((a) => a.value.amount);
  return amounts.flatMap((a, i) => {
    if (sumOf(a.value.amount, values, i)) return [a];
    const unsigned = withoutMisreadSign(a);
    return unsigned !== null && sumOf(unsigned, values, i)
      ? [{ ...a, value: { ...a.value, amount: unsigned }, misread: a.value.amount }]
      : [];
  });
}

/**
 * A figure whose leading `1` may be a mark OCR read as one (a currency sign, a rule's edge:
 * "$1,052.80" or "| 1,052.80 USD" read "11,052.80"): the amount without that `1`, or null. Only
 * the page's arithmetic (the rest adding up to it to the cent) lets it be read so.
 */
function withoutMisreadSign(amount: PrintedAmount): number | null {
  const whole = Math.floor(amount.value.amount).toString();
  if (whole.length < 2 || !whole.startsWith('1')) return null;
  return Math.round((amount.value.amount - 10 ** (whole.length - 1)) * 100) / 100;
}

function amountOf(field: ExtractedField | undefined): number | null {
  const value = field?.value as MoneyValue | null | undefined;
  return value && typeof value === 'object' && 'amount' in value ? value.amount : null;
}

/** The field's value is this amount, to the cent. */
function holdsAmount(field: ExtractedField | undefined, amount: number): boolean {
  const held = amountOf(field);
  return held !== null && Math.abs(held - amount) < CENT;
}

/**
 * The one field asking for a plain total takes the one amount the document prints as a sum of
 * others, when no caption of its own gave it another; the money field that held that amount
 * takes the total's former reading in exchange. Both come out as flagged guesses.
 */
export function settleTotal(
  fields: readonly ScalarFieldDefinition[],
  results: Map<string, ExtractedField>,
  layouts: readonly PageLayout[],
  documentId: string | undefined,
): void {
  const totals = fields.filter(asksForPlainTotal);
  if (totals.length !== 1) return;
  const [field] = totals;
  const sums = printedSums(layouts);
  if (new Set(sums.map((s) => s.value.amount.toFixed(2))).size !== 1) return;
  const sum = sums[0];
  const current = results.get(field.key);
  if (!current || current.confidence >= OWN_CAPTION) return;
  if (holdsAmount(current, sum.value.amount)) return;
  // The field that took the figure as OCR misread it holds it too.
  const holds = (reading: ExtractedField | undefined): boolean =>
    holdsAmount(reading, sum.value.amount) ||
    (sum.misread !== undefined && holdsAmount(reading, sum.misread));
  const holder = fields.find(
    (f) => f.type === 'money' && f.key !== field.key && holds(results.get(f.key)),
  );
  // A field read some other way (a remembered layout) holding the amount keeps it.
  const elsewhere = [...results.values()].some(
    (r) => r.key !== field.key && !fields.some((f) => f.key === r.key) && holds(r),
  );
  if (elsewhere) return;
  const held = holder ? results.get(holder.key)! : undefined;
  if (held && held.confidence >= OWN_CAPTION) return;
  const answer = sum.pair.value!;
  const words = wordsInSpan(answer.words, sum.start, sum.end);
  results.set(field.key, {
    key: field.key,
    type: field.type,
    value: sum.value,
    text: answer.text.slice(sum.start, sum.end),
    confidence: Math.min(SUM_CONFIDENCE, Math.max(current.confidence, 0.3)),
    ...(documentId === undefined ? {} : { documentId }),
    grounding: groundingOf(words, documentId),
    source: sum.pair.arrangement === 'below' ? 'label-below' : 'label-right',
    notes: [
      `the amount under caption "${sum.pair.key.text}" is the sum of other amounts of the document`,
      ...(sum.misread === undefined
        ? []
        : [`its leading "1" taken for a mark misread, as the sum requires`]),
    ],
    doubts: [`taken as the page's total by its arithmetic, not by its caption`],
  });
  if (!holder || !held) return;
  const swapped = current.value === null ? null : current;
  results.set(
    holder.key,
    swapped
      ? {
          ...swapped,
          key: holder.key,
          type: holder.type,
          confidence: Math.min(swapped.confidence, SUM_CONFIDENCE),
          notes: [...swapped.notes, `exchanged with the total, which the page's arithmetic placed`],
          doubts: [...(swapped.doubts ?? []), `exchanged with the field asking for the total`],
        }
      : {
          ...held,
          value: null,
          text: undefined,
          grounding: undefined,
          confidence: 0,
          source: 'not-found',
          doubts: ['its amount is the total of the page'],
        },
  );
}
