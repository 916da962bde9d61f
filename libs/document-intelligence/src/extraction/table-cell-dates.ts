/*
 * A fax-like scan reads a date's slashes as strokes: "716/20" for 7/6/20, "2110/24" for 2/10/24,
 * "1/1120" for 1/1/20 (loss runs of draws 7019 and 7021). Read as it stands the cell is no date,
 * and a column of such cells stops looking like dates at all. In a column whose other cells print
 * month/day/year with slashes, a cell of digits that reads as that form in exactly one way, with
 * a stroke OCR takes for a slash where the slashes stand, is the date it printed.
 */

/** Characters OCR reads for a printed slash. */
const SLASH_LOOK_ALIKES = new Set(['/', '1', '7', 'l', 'I', '|']);

/** A date printed month/day/year with slashes; the year's digits are the column's form. */
const SLASHED_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/;

/** A column needs this many cells printed so before its form is known. */
const MIN_FORM_CELLS = 2;

/**
 * How many digits the column's slashed dates print their year in (2 or 4), when most of its
 * well-formed dates agree and there are enough of them; else null.
 */
export function slashedYearDigits(texts: readonly string[]): number | null {
  const years = texts
    .map((text) => SLASHED_DATE.exec(text.trim())?.[3]?.length)
    .filter((digits): digits is number => digits !== undefined);
  if (years.length < MIN_FORM_CELLS) return null;
  const two = years.filter((digits) => digits === 2).length;
  if (two * 2 > years.length) return 2;
  return two * 2 < years.length ? 4 : null;
}

function validMonthDay(month: string, day: string): boolean {
  const m = Number(month);
  const d = Number(day);
  return m >= 1 && m <= 12 && d >= 1 && d <= 31;
}

/**
 * The cell's date with its slashes as printed ("7/6/20" for "716/20"), when the text reads as
 * month/day/year in the column's form in exactly one way with look-alikes where the slashes
 * stand and at least one of them misread; else null.
 */
export function slashesRestored(text: string, yearDigits: number): string | null {
  const chars = [...text.trim()];
  const second = chars.length - yearDigits - 1;
  const year = chars.slice(second + 1).join('');
  if (second < 3 || !/^\d+$/.test(year) || !SLASH_LOOK_ALIKES.has(chars[second])) return null;
  const readings = [1, 2].flatMap((first) => {
    if (first >= second - 1 || !SLASH_LOOK_ALIKES.has(chars[first])) return [];
    const month = chars.slice(0, first).join('');
    const day = chars.slice(first + 1, second).join('');
    if (!/^\d{1,2}$/.test(month) || !/^\d{1,2}$/.test(day) || !validMonthDay(month, day)) return [];
    if (chars[first] === '/' && chars[second] === '/') return [];
    return [`${month}/${day}/${year}`];
  });
  return readings.length === 1 ? readings[0] : null;
}
