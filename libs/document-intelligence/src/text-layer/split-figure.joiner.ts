import { unionBox } from './box-geometry';
import type { PositionedWord } from './text-layer.types';

/*
 * OCR often breaks a figure at its separators: "$6,994.08" comes back as "$6," "994." "08", and a
 * reader taking the first word reads 6.00. Pieces that stand close together on one line are
 * joined back into one word when the joined text is a well-formed amount, date or identifier,
 * and only then: "Items 3, 4" stays apart. The joined word keeps the least sure piece's
 * confidence, so a figure put together from doubtful pieces stays doubtful.
 */

/** A piece ending in a separator, or a group of digits that may follow one. */
const PIECE = /^[$€£(]?[A-Z]{0,4}[-/]?\d[\d,./-]*$|^[$€£]?\d[\d,.]*[,.]$|^\d+$/;
/** Thousands grouped by three, cents optional: "$6,994.08", "(1,200.00)", "12,553". */
const AMOUNT = /^[$€£]?\(?\d{1,3}(?:,\d{3})+(?:\.\d{2})?\)?$|^[$€£]?\(?\d+\.\d{2}\)?$/;
/** The European way round: "6.994,08". */
const EUROPEAN_AMOUNT = /^[$€£]?\d{1,3}(?:\.\d{3})+,\d{2}$/;
const DATE = /^\d{1,2}[/.-]\d{1,2}[/.-](?:\d{2}|\d{4})$|^\d{4}-\d{2}-\d{2}$/;
/** Letters and digits in groups joined by dashes or slashes: "CLM-2024-817111", "HO/20/94". */
const IDENTIFIER = /^[A-Z]{1,5}[-/]\d{2,}(?:[-/][A-Z0-9]{2,})+$/;
/** Pieces further apart than this many character widths are separate words. */
const MAX_GAP_CHARACTERS = 1.6;

function wellFormed(text: string): boolean {
  return (
    AMOUNT.test(text) || EUROPEAN_AMOUNT.test(text) || DATE.test(text) || IDENTIFIER.test(text)
  );
}

/** A piece that ends where the next must continue: a separator, or a currency sign alone. */
function endsOpen(text: string): boolean {
  return /[,./-]$/.test(text) || /^[$€£]$/.test(text);
}

function characterWidth(words: readonly PositionedWord[]): number {
  const widths = words.map((w) => (w.box.x1 - w.box.x0) / Math.max(1, [...w.text].length));
  return widths.reduce((a, b) => a + b, 0) / widths.length;
}

function joined(pieces: readonly PositionedWord[]): PositionedWord {
  return {
    ...pieces[0],
    text: pieces.map((p) => p.text).join(''),
    box: unionBox(pieces.map((p) => p.box))!,
    confidence: Math.min(...pieces.map((p) => p.confidence)),
  };
}

/**
 * The longest run of pieces from `start` that joins into a well-formed figure: each piece but
 * the last ends open (a separator), and each stands within a few character widths of the one
 * before. Null when no run of two or more does.
 */
function figureFrom(words: readonly PositionedWord[], start: number): number | null {
  let best: number | null = null;
  let text = words[start].text;
  for (let end = start + 1; end < words.length; end += 1) {
    const previous = words[end - 1];
    const next = words[end];
    if (!endsOpen(previous.text) || !/^[\d(]/.test(next.text)) break;
    if (!PIECE.test(next.text.replace(/[,./-]$/, '')) && !PIECE.test(next.text)) break;
    const gap = next.box.x0 - previous.box.x1;
    if (gap > MAX_GAP_CHARACTERS * characterWidth([previous, next])) break;
    text += next.text;
    if (wellFormed(text)) best = end;
  }
  return best;
}

/** Whole units of an amount, with its currency sign when printed before it: "$996", "541". */
const WHOLE_UNITS = /^[$€£]?\d{1,3}(?:,\d{3})*$/;
/** A currency code printed before an amount. */
const CURRENCY_CODE = /^(?:USD|EUR|GBP|CAD|AUD)$/i;
/** A lost separator shows as a gap at most this many character widths wide. */
const MAX_LOST_SEPARATOR_CHARACTERS = 1.2;
/**
 * Digits cut apart where the figure prints no separator leave less than a word space between
 * them: "1" and "2,313.30" stood 0.45 of the amount's character widths apart on a harsh scan of
 * draw 7028, where the words of its lines stood 0.55 apart and more (a "1" is narrow: the
 * amount's own glyphs are the measure).
 */
const MAX_CUT_DIGITS_CHARACTERS = 0.5;
/** An amount grouped in thousands, its first group short enough to take digits before it. */
const GROUPED_AMOUNT = /^\d{1,2}(?:,\d{3})+\.\d{2}$/;

/**
 * An amount whose decimal point OCR lost, read as two words ("$996 68", "USD 541 77"), or
 * whose digits OCR cut apart ("11 7.30"): the whole units of an amount (a currency sign or code
 * before it), then close after them the cents alone and nothing more of the figure; or a
 * digit group right before an amount with cents. The joined text is the amount.
 */
function lostSeparator(words: readonly PositionedWord[], i: number): string | null {
  const [units, rest, after] = [words[i], words[i + 1], words[i + 2]];
  if (!rest || !/^\d/.test(units.text.replace(/^[$€£]/, ''))) return null;
  const gap = rest.box.x0 - units.box.x1;
  if (gap < 0 || gap > MAX_LOST_SEPARATOR_CHARACTERS * characterWidth([units, rest])) return null;
  if (/^\d{1,3}$/.test(units.text) && /^\d{1,3}\.\d{2}$/.test(rest.text)) {
    const text = units.text + rest.text;
    return AMOUNT.test(text) ? text : null;
  }
  // "1" "2,313.30": a leading digit cut from an amount grouped in thousands, the grouping
  // still right with it ("12,313.30"; never "123" "4,567.00").
  if (
    /^\d{1,2}$/.test(units.text) &&
    GROUPED_AMOUNT.test(rest.text) &&
    gap <= MAX_CUT_DIGITS_CHARACTERS * characterWidth([rest])
  ) {
    const text = units.text + rest.text;
    return AMOUNT.test(text) ? text : null;
  }
  const currency = /^[$€£]/.test(units.text) || CURRENCY_CODE.test(words[i - 1]?.text ?? '');
  if (!currency || !WHOLE_UNITS.test(units.text) || !/^\d{2}$/.test(rest.text)) return null;
  // "$996 68 12" is no amount with its cents: a third digit group goes on with the figure.
  if (after && /^\d/.test(after.text) && after.box.x0 - rest.box.x1 < gap * 2) return null;
  return `${units.text}.${rest.text}`;
}

/** A telephone number's area code in brackets, as North American numbers print it: "(211)". */
const AREA_CODE = /^\(\d{3}\)$/;
/** The rest of such a number: exchange and line, "515-3088". */
const LOCAL_NUMBER = /^\d{3}-\d{4}$/;
/** The pieces the rest of the number may be read in. */
const MAX_LOCAL_PIECES = 3;

/**
 * The end of the pieces after a bracketed area code that OCR read apart inside the number's
 * digit groups ("(211)" "51" "5-3088", read at 0.88 on a harsh scan of draw 7023, the value
 * then `(211) 51 5-3088`), when they stand as close as a lost space and join into the exchange
 * and line; else null.
 */
function splitLocalNumber(words: readonly PositionedWord[], i: number): number | null {
  if (!AREA_CODE.test(words[i].text)) return null;
  let text = '';
  for (let end = i + 1; end < words.length && end <= i + MAX_LOCAL_PIECES; end += 1) {
    const piece = words[end];
    if (end > i + 1) {
      const gap = piece.box.x0 - words[end - 1].box.x1;
      if (gap > MAX_LOST_SEPARATOR_CHARACTERS * characterWidth([words[end - 1], piece])) break;
    }
    text += piece.text;
    if (!/^\d{0,3}(?:-\d{0,4})?$/.test(text)) break;
    if (end > i + 1 && LOCAL_NUMBER.test(text)) return end;
  }
  return null;
}

/** Why an amount read so is doubted, wherever it is read (extraction, layout memory). */
export const CENTS_APART_DOUBT = 'cents may stand apart after the amount (a lost decimal point)';

/**
 * Whether the word at `last`, a figure printed without decimals, has close after it a group of
 * two digits standing alone, where OCR would leave an amount's cents whose decimal point it lost
 * ("21448 71", "-420 48") when no currency sign told lostSeparator the figure was an amount.
 * Such a figure is not joined (a count and a code may stand so too), but an amount read from it
 * alone may have lost its cents: the caller doubts it.
 */
export function centsStandAfter(words: readonly PositionedWord[], last: number): boolean {
  const [figure, cents, after] = [words[last], words[last + 1], words[last + 2]];
  if (!figure || !cents || !/\d$/.test(figure.text) || /[.,]\d{1,2}$/.test(figure.text)) {
    return false;
  }
  if (!/^\d{2}\)?$/.test(cents.text)) return false;
  const gap = cents.box.x0 - figure.box.x1;
  if (gap < 0 || gap > MAX_LOST_SEPARATOR_CHARACTERS * characterWidth([figure, cents])) {
    return false;
  }
  // A third digit group close after goes on with some other figure ("12 34 56"): no cents.
  return !(after && /^\d/.test(after.text) && after.box.x0 - cents.box.x1 < gap * 2);
}

/**
 * The words of one line, left to right, with figures OCR split into pieces joined back; with
 * `ocr`, amounts whose decimal point OCR lost too (a PDF's own text prints what it prints).
 */
export function joinSplitFigures(words: readonly PositionedWord[], ocr = false): PositionedWord[] {
  const result: PositionedWord[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const end = endsOpen(words[i].text) ? figureFrom(words, i) : null;
    if (end !== null) {
      result.push(joined(words.slice(i, end + 1)));
      i = end;
      continue;
    }
    const local = ocr ? splitLocalNumber(words, i) : null;
    if (local !== null) {
      result.push(words[i], joined(words.slice(i + 1, local + 1)));
      i = local;
      continue;
    }
    const amount = ocr ? lostSeparator(words, i) : null;
    if (amount !== null) {
      result.push({ ...joined(words.slice(i, i + 2)), text: amount });
      i += 1;
      continue;
    }
    result.push(words[i]);
  }
  return result;
}
