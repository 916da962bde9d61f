import { parseScalar } from '../values/scalar-value.parser';

/*
 * The kind of value a reviewed table column prints, read off the reviewed cells' own text: the
 * review places each cell but the layout memory is learned without the configuration, so a
 * column later read at its remembered place (`remembered-column-cells.ts`) is parsed as what
 * the reviewed layout printed there. Only kinds a cell's text shows beyond doubt are learned:
 * dates and amounts. A column of text (a claim number, a status) is never read by place alone.
 */

/** What a remembered column's cells hold, when the reviewed cells show it. */
export type ColumnKind = 'date' | 'money';

/** Kinds tried in order: a date such as 2020-01-12 would otherwise parse as the amount 2020. */
const KINDS: readonly ColumnKind[] = ['date', 'money'];

/** What may stand beside an amount in its cell: a currency code or sign, nothing else. */
const BESIDE_AMOUNT = /^(?:[A-Z]{3}|[$€£¥])?$/;

/**
 * Parses a cell's text as a kind, wholly: nothing but a currency code or sign may stand outside
 * an amount (a claim number `24/86641/RU` is no amount of 24, nor `CL-1` one of -1), nothing at
 * all outside a date.
 */
export function parseWholly(text: string, kind: ColumnKind): ReturnType<typeof parseScalar> {
  const parsed = parseScalar(text, { key: kind, type: kind });
  if (!parsed) return null;
  const rest = (text.slice(0, parsed.start) + text.slice(parsed.end)).replace(/\s+/g, '');
  const fits = kind === 'money' ? BESIDE_AMOUNT.test(rest) : rest.length === 0;
  return fits ? parsed : null;
}

/** The one kind every reviewed cell's text parses as wholly; undefined when none or no text. */
export function printedKind(texts: readonly string[]): ColumnKind | undefined {
  const printed = texts.map((t) => t.trim()).filter((t) => t.length > 0);
  if (printed.length === 0) return undefined;
  return KINDS.find((kind) => printed.every((text) => parseWholly(text, kind) !== null));
}
