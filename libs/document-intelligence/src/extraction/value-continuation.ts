import type { TextLine, TextSegment } from '../text-layer/line-grouper';
import type { PositionedWord } from '../text-layer/text-layer.types';

/*
 * An answer OCR split into two phrases: on a typewritten form the word boxes are tight around
 * the glyphs and a space after a comma or before a unit reads as wide as the gap between two
 * phrases ("March 27,  1984", "64  mm"). The next phrase still belongs to the answer when it
 * finishes what the answer started: the year after a day's comma, the unit after a figure.
 */

/** A unit printed after a figure ("mm", "mg/cc", "%", "m"). */
const UNIT = /^(?:%|[a-z]{1,3}(?:\/[a-z]{1,3})?\.?)$/;
/** Further than this many line heights apart, two phrases are two things. */
const MAX_GAP_HEIGHTS = 3;
/**
 * A form may print its units in a column of their own, further from the figures ("749" and
 * "mg" 4 line heights apart on FUNSD's training form 0000989556): a unit closing its line
 * still finishes the figure before it from this far.
 */
const MAX_UNIT_COLUMN_GAP_HEIGHTS = 6;

/** The next phrase of the line, when it finishes the answer read so far. */
export function answerGoesOn(
  answer: readonly PositionedWord[],
  next: TextSegment | undefined,
  line: TextLine,
): boolean {
  const last = answer[answer.length - 1];
  if (!last || !next) return false;
  const gap = next.box.x0 - last.box.x1;
  const first = next.words[0].text;
  // "64" then "mm": a measure's unit, alone in its phrase; from further off when it ends the line.
  const unit = /\d$/.test(last.text) && next.words.length === 1 && UNIT.test(first);
  const closesLine = next.words[0] === line.words[line.words.length - 1];
  if (unit && closesLine && gap <= MAX_UNIT_COLUMN_GAP_HEIGHTS * line.heightInWidthUnits)
    return true;
  if (gap > MAX_GAP_HEIGHTS * line.heightInWidthUnits) return false;
  // "March 27," then "1984": a date or a list goes on after its comma.
  if (/\d,$/.test(last.text) && /^\d{2,4}\b/.test(first)) return true;
  return unit;
}
