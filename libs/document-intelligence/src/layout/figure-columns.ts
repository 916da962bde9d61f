import { upperMedian } from '../common/upper-median';
import type { PositionedWord } from '../text-layer/line-grouper';
import { readsAsCurrencyCode } from '../values/money-normaliser';
import { wordPiece } from './word-pieces';

/*
 * Tight tables print their figure columns so close together that neither the header's captions
 * nor the rows' figures leave a gap a phrase would break at: "Payments Open Reserve Incurred
 * Amount" over "USD 7,682.64 USD 23,408.46 USD 31,091.10" reads as one column of one caption
 * and one cell (a tight print even overlaps one caption's box with the next). The figures
 * still say how many columns stand there: no cell prints two amounts side by side. When most
 * rows hold the same number of amounts under one caption phrase, the phrase's words are shared
 * among those amounts by where they stand, and each amount keeps its own column.
 */

/**
 * An amount printed with its cents ("$20,702.26", "(1,200.00)"): a cell of its own. OCR may
 * read a speck after it as a full stop or comma ("23,159.15.").
 */
export const AMOUNT_WORD = /^\(?-?[$€£]?-?\d[\d,]*\.\d{2}\)?[.,]?$/;
/**
 * A currency figure whose cents OCR lost on a poor scan ("$11,577." for "$11,577.25", "$0." for
 * "$0.00"): still a figure of its own when telling how many figures stand side by side. The
 * currency sign is required, so that a count closing a sentence ("12.") is none.
 */
const CENTS_LOST = /^\(?-?[$€£]-?\d[\d,]*\.\)?$/;
/** The lost cents read as a speck or two of letters after such a figure ("$0. oe"). */
const CENTS_SPECK = /^[^\d\s$€£]{1,2}$/;

const isFigure = (text: string): boolean => AMOUNT_WORD.test(text) || CENTS_LOST.test(text);

/** A currency code printed with an amount ("15,661.18 USD"): three capitals (ISO 4217). */
export const CURRENCY_CODE = /^[A-Z]{3}$/;

/** A word standing for a currency code beside amounts: any three capitals, or a known code misread. */
const isCode = (text: string): boolean => CURRENCY_CODE.test(text) || readsAsCurrencyCode(text);

/** An amount and a currency code read as one word ("5,684.48USD", "USD5,684.48"). */
const GLUED_CODE_AFTER = /^(\(?-?[$€£]?-?\d[\d,]*\.\d{2}\)?)([A-Z]{3})$/;
const GLUED_CODE_BEFORE = /^([A-Z]{3})(\(?-?[$€£]?-?\d[\d,]*\.\d{2}\)?)$/;

/**
 * Words with each amount and currency code that ran into one word taken apart. A text layer
 * joins the glyphs of two columns printed with no space between them ("USD 5,684.48USD
 * 17,849.29": the second column's code printed flush against the first column's figure), and
 * OCR may read a code flush against its figure the same way.
 */
export function gluedCodesApart(words: readonly PositionedWord[]): PositionedWord[] {
  return words.flatMap((word) => {
    const glued = GLUED_CODE_AFTER.exec(word.text) ?? GLUED_CODE_BEFORE.exec(word.text);
    if (!glued) return [word];
    const cut = glued[1].length;
    return [wordPiece(word, 0, cut), wordPiece(word, cut, word.text.length)];
  });
}

/**
 * The amounts of a run of words, each with the currency code printed before or after it
 * ("USD 15,661.18", "15,661.18 USD"), or null when the run holds anything but amounts and codes.
 * An amount and a code read as one word count as two (gluedCodesApart); a currency figure whose
 * cents OCR lost counts as an amount, with the speck its cents were read as.
 */
export function amountGroups(read: readonly PositionedWord[]): PositionedWord[][] | null {
  const words = gluedCodesApart(read);
  // A run that opens with a code prints every code before its amount ("USD 7,682.64 USD
  // 23,408.46"); otherwise after it ("7,682.64 USD 23,408.46 USD").
  const leading = words.length > 0 && isCode(words[0].text);
  const groups: PositionedWord[][] = [];
  for (const word of words) {
    const current = groups[groups.length - 1];
    const holdsAmount = current?.some((w) => isFigure(w.text)) ?? false;
    const closing = current?.[current.length - 1];
    if (
      closing &&
      CENTS_LOST.test(closing.text) &&
      CENTS_SPECK.test(word.text) &&
      !isCode(word.text)
    ) {
      current.push(word);
    } else if (isFigure(word.text)) {
      if (current && leading && !holdsAmount) current.push(word);
      else groups.push([word]);
    } else if (isCode(word.text)) {
      if (current && !leading && holdsAmount && !isCode(current[current.length - 1].text)) {
        current.push(word);
      } else groups.push([word]);
    } else return null;
  }
  return groups.length > 0 && groups.every((g) => g.some((w) => isFigure(w.text))) ? groups : null;
}

/**
 * Phrases of a line with each currency code that closes a run of amounts printed code first
 * ("USD 12,618.76 USD 10,540.39 USD") handed on to the amount opening the next phrase
 * ("23,159.15"): a scan's gutters part a code from its figure as often as from the figure before.
 */
export function codesOnward<S extends { readonly words: readonly PositionedWord[] }>(
  phrases: readonly S[],
  phraseOf: (words: readonly PositionedWord[]) => S,
): S[] {
  const result = [...phrases];
  for (let i = 0; i + 1 < result.length; i += 1) {
    const words = gluedCodesApart(result[i].words);
    const next = result[i + 1].words;
    const last = words[words.length - 1];
    if (
      words.length >= 3 &&
      isCode(words[0].text) &&
      isCode(last.text) &&
      next.length > 0 &&
      AMOUNT_WORD.test(next[0].text) &&
      amountGroups(words.slice(0, -1)) !== null
    ) {
      result[i] = phraseOf(words.slice(0, -1));
      result[i + 1] = phraseOf([last, ...next]);
    }
  }
  return result;
}

export interface FigureColumn {
  readonly x0: number;
  readonly x1: number;
  readonly header: PositionedWord[];
}

interface Span {
  readonly x0: number;
  readonly x1: number;
}

function spanOf(words: readonly PositionedWord[]): Span {
  return {
    x0: Math.min(...words.map((w) => w.box.x0)),
    x1: Math.max(...words.map((w) => w.box.x1)),
  };
}

/** The most of the narrower figure two figures side by side may share with each other. */
const SIDE_BY_SIDE_OVERLAP = 0.25;

/** How much of the narrower span two spans share (0 when apart). */
export function overlapShare(a: Span, b: Span): number {
  const shared = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const narrower = Math.min(a.x1 - a.x0, b.x1 - b.x0);
  return narrower > 0 ? Math.max(0, shared) / narrower : 1;
}

type Alignment = 'left' | 'right' | 'centre';

/** How far a caption stands from lining up with its figures the given way. */
function misalignment(caption: Span, figure: Span, alignment: Alignment): number {
  if (alignment === 'left') return Math.abs(caption.x0 - figure.x0);
  if (alignment === 'right') return Math.abs(caption.x1 - figure.x1);
  return Math.abs(caption.x0 + caption.x1 - figure.x0 - figure.x1) / 2;
}

/**
 * The caption words cut into one run per figure, left to right, where the runs line up best
 * with their figures: a table sets its figure columns' captions one way (flush left, flush
 * right or centred over the figures), however close the next caption runs, even over the
 * figure before. Null when there are fewer words than figures.
 */
function bestCaptionCut(
  words: readonly PositionedWord[],
  spans: readonly Span[],
): PositionedWord[][] | null {
  let best: PositionedWord[][] | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  const cut = (
    alignment: Alignment,
    from: number,
    runs: PositionedWord[][],
    score: number,
  ): void => {
    const figure = runs.length;
    const last = figure === spans.length - 1;
    for (let end = from + 1; end <= words.length - (spans.length - figure - 1); end += 1) {
      if (last && end < words.length) continue;
      const run = words.slice(from, end);
      const total = score + misalignment(spanOf(run), spans[figure], alignment);
      if (!last) cut(alignment, end, [...runs, run], total);
      else if (total < bestScore) {
        bestScore = total;
        best = [...runs, run];
      }
    }
  };
  for (const alignment of ['left', 'right', 'centre'] as const) cut(alignment, 0, [], 0);
  return best;
}

/**
 * One caption column over rows of figures (each row's words under it, in reading order): the
 * columns it holds, one a figure, when most rows holding amounts there hold the same number of
 * them (two or more, in two rows at least, or the one row a table's last page may hold) and the
 * caption has a word for each of them. Otherwise null: the column stays as it is.
 */
export function splitOverFigures(
  column: FigureColumn,
  rows: ReadonlyArray<readonly PositionedWord[]>,
): FigureColumn[] | null {
  const grouped = rows
    .filter((words) => words.length > 0)
    .map((words) => amountGroups([...words].sort((a, b) => a.box.x0 - b.box.x0)));
  const counts = grouped.filter((g) => g !== null).map((g) => g.length);
  if (counts.length === 0) return null;
  const tally = new Map<number, number>();
  counts.forEach((n) => tally.set(n, (tally.get(n) ?? 0) + 1));
  const [figures, seen] = [...tally].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0];
  // Every row holding words there must be counted: a row of text under the caption says it is
  // one column of text, not figures side by side.
  if (figures < 2 || seen < Math.min(2, grouped.length) || seen * 2 <= grouped.length) return null;
  const alike = grouped.filter((g): g is PositionedWord[][] => g?.length === figures);
  const spans: Span[] = Array.from({ length: figures }, (_, i) => ({
    x0: upperMedian(alike.map((g) => spanOf(g[i]).x0)),
    x1: upperMedian(alike.map((g) => spanOf(g[i]).x1)),
  }));
  // Figures standing over one another are no columns side by side; a tight print may still
  // start a figure a glyph or two inside the one before it.
  if (spans.some((span, i) => i > 0 && overlapShare(spans[i - 1], span) > SIDE_BY_SIDE_OVERLAP))
    return null;
  const captions = bestCaptionCut(
    [...column.header].sort((a, b) => a.box.x0 - b.box.x0),
    spans,
  );
  if (!captions) return null;
  return spans.map((span, i) => {
    const caption = spanOf(captions[i]);
    return {
      x0: i === 0 ? Math.min(column.x0, span.x0) : Math.min(caption.x0, span.x0),
      x1: i === figures - 1 ? Math.max(column.x1, span.x1) : Math.max(caption.x1, span.x1),
      header: captions[i],
    };
  });
}
