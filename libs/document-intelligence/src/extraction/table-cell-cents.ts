/*
 * OCR reads a scanned table's amount apart at its decimal point: "540 .44", "5,559. 93", or the
 * point lost, "5,559 93". Read as it stands the cell is the figure before the break (540, 5559),
 * a wrong amount with no sign of it. In a money cell that holds nothing else, a well-formed
 * figure (thousands grouped by three) followed by two lone digits is the figure and its cents.
 */

const FIGURE = String.raw`(\(?-?[$€£]?\s?(?:\d{1,3}(?:,\d{3})+|\d+))`;
/** The point kept beside one of the pieces: "540 .44", "5,559. 93". */
const POINT_KEPT = new RegExp(String.raw`^${FIGURE}(?:\s+\.|\.\s+)(\d{2})(\)?)$`);
/**
 * The point lost: "5,559 93". Only after a figure grouped by thousands, which no count or
 * ungrouped number next to another ("12 30") is.
 */
const POINT_LOST = /^(\(?-?[$€£]?\s?\d{1,3}(?:,\d{3})+)\s+(\d{2})(\)?)$/;

/** The cell's text with its cents joined back to the figure, or null when it is not so split. */
export function centsJoined(text: string): string | null {
  const match = POINT_KEPT.exec(text.trim()) ?? POINT_LOST.exec(text.trim());
  return match ? `${match[1]}.${match[2]}${match[3]}` : null;
}
