/*
 * OCR reads a scanned table's amount apart at its decimal point: "540 .44", "5,559. 93", the
 * point read as a comma, "9238, 40", or the point lost, "5,559 93". Read as it stands the cell is
 * the figure before the break (540, 5559), a wrong amount with no sign of it. In a money cell
 * that holds nothing else, a well-formed figure followed by two lone digits is the figure and
 * its cents.
 */

const FIGURE = String.raw`(\(?-?[$€£]?\s?(?:\d{1,3}(?:,\d{3})+|\d+))`;
/** The point kept beside one of the pieces: "540 .44", "5,559. 93". */
const POINT_KEPT = new RegExp(String.raw`^${FIGURE}(?:\s+\.|\.\s+)(\d{2})(\)?)$`);
/**
 * The point lost: "5,559 93", "$2851 61". Only after a figure grouped by thousands or printed
 * with its currency sign, which no count or plain number next to another ("12 30") is.
 */
const POINT_LOST = /^(\(?-?[$€£]?\s?\d{1,3}(?:,\d{3})+|\(?-?[$€£]\s?\d+)\s+(\d{2})(\)?)$/;

/**
 * The point read as a comma beside one of the pieces: "$9238, 40" on a harsh scan of draw 7023.
 * Only after a figure not grouped by thousands, whose comma no grouping explains.
 */
const COMMA_FOR_POINT = /^(\(?-?[$€£]?\s?\d+)(?:\s+,|,\s+)(\d{2})(\)?)$/;

/** The cell's text with its cents joined back to the figure, or null when it is not so split. */
export function centsJoined(text: string): string | null {
  const trimmed = text.trim();
  const match =
    POINT_KEPT.exec(trimmed) ?? POINT_LOST.exec(trimmed) ?? COMMA_FOR_POINT.exec(trimmed);
  return match ? `${match[1]}.${match[2]}${match[3]}` : null;
}

/**
 * What follows a money cell's figure when OCR lost its cents: the point with no digit after it,
 * at most a speck read for them ("$11,577.", "$0. oe"). The figure read is the whole dollars
 * only, right or not; a harsh scan of draw 7024 carried $11,577.25 so at 0.80, nothing saying
 * the figure was cut.
 */
const CENTS_LOST_AFTER = /^[.,](?!\s*\d)/;

/** The share of its confidence a figure keeps when its cents were lost. */
export const CENTS_LOST_QUALITY = 0.5;

/** Whether the text after a money cell's figure says OCR lost the figure's cents. */
export function centsLostAfter(rest: string): boolean {
  return CENTS_LOST_AFTER.test(rest);
}
