import type { DateOrder } from '../schema/field-schema.types';
import { withDigitsRepaired } from './ocr-digit-repair';
import type { ParsedValue } from './parsed-value.types';

const MONTHS: Readonly<Record<string, number>> = {
  january: 1,
  jan: 1,
  february: 2,
  feb: 2,
  march: 3,
  mar: 3,
  april: 4,
  apr: 4,
  may: 5,
  june: 6,
  jun: 6,
  july: 7,
  jul: 7,
  august: 8,
  aug: 8,
  september: 9,
  sept: 9,
  sep: 9,
  october: 10,
  oct: 10,
  november: 11,
  nov: 11,
  december: 12,
  dec: 12,
};
const MONTH =
  '(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\\.?';
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';

interface DateShape {
  readonly regex: RegExp;
  readonly read: (m: RegExpExecArray, order: DateOrder) => [number, number, number] | null;
}

const SHAPES: readonly DateShape[] = [
  { regex: /\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/gi, read: (m) => [+m[1], +m[2], +m[3]] },
  {
    regex: /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})\b/gi,
    read: (m, order) => {
      const a = +m[1];
      const b = +m[2];
      const year = expandYear(m[3]);
      // A first number above 12 cannot be a month, whatever the configured order says.
      if (order === 'DMY' || a > 12) return [year, b, a];
      return [year, a, b];
    },
  },
  {
    // OCR often loses the space after the day's comma ("April 13,2023"): the comma alone parts
    // day and year then. On a fax-like scan it reads the comma as a semicolon ("November 26;
    // 2024", draw 7034), which no printed date means otherwise.
    regex: new RegExp(`\\b${MONTH}\\s*${DAY}(?:[,;]\\s*|\\s+)(\\d{4})\\b`, 'gi'),
    read: (m) => [+m[3], MONTHS[m[1].toLowerCase()], +m[2]],
  },
  {
    regex: new RegExp(`\\b${DAY}\\s+(?:of\\s+)?${MONTH}(?:[,;]\\s*|\\s+)(\\d{4})\\b`, 'gi'),
    read: (m) => [+m[3], MONTHS[m[2].toLowerCase()], +m[1]],
  },
  {
    regex: new RegExp(`\\b(\\d{1,2})[- ]${MONTH}[- ](\\d{4}|\\d{2})\\b`, 'gi'),
    read: (m) => [expandYear(m[3]), MONTHS[m[2].toLowerCase()], +m[1]],
  },
];

/** Two-digit years: 00-69 are this century, 70-99 the last (policy and loss dates, not births). */
function expandYear(text: string): number {
  const year = Number.parseInt(text, 10);
  if (text.length === 4) return year;
  return year < 70 ? 2000 + year : 1900 + year;
}

function isValidDate(year: number, month: number, day: number): boolean {
  if (year < 1900 || year > 2199 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function formatIsoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Finds the first valid date in `text` (US numeric, ISO, "March 5, 2024", "5 March 2024",
 * "05-Mar-24") and returns it as ISO 8601 `YYYY-MM-DD`.
 */
export function parseDate(text: string, order: DateOrder = 'MDY'): ParsedValue<string> | null {
  const attempts = withDigitsRepaired({ text, quality: 1, notes: [] });
  const once = yearReadOnce(text);
  if (once !== null) attempts.push({ text: once, quality: 0.6, notes: ['OCR year repaired'] });
  const month = monthNameRepaired(text);
  if (month !== null) attempts.push({ text: month, quality: 0.8, notes: ['OCR month repaired'] });

  for (const attempt of attempts) {
    let best: ParsedValue<string> | null = null;
    for (const shape of SHAPES) {
      shape.regex.lastIndex = 0;
      for (let m = shape.regex.exec(attempt.text); m; m = shape.regex.exec(attempt.text)) {
        const parts = shape.read(m, order);
        if (!parts || !isValidDate(...parts)) continue;
        if (best === null || m.index < best.start) {
          best = {
            value: formatIsoDate(...parts),
            start: m.index,
            end: m.index + m[0].length,
            quality: attempt.quality,
            notes: attempt.notes,
          };
        }
        break;
      }
    }
    if (best) return best;
  }
  return null;
}

/** Digits OCR reads for the letters of month names: `0ct` for Oct, `Ju1` for Jul, `5ep`. */
const LETTER_OF_DIGIT: Readonly<Record<string, string>> = { '0': 'o', '1': 'l', '5': 's' };

/**
 * The text with a month name OCR read with a digit for a letter made a name again (`08-0ct-2024`
 * on a notice scan of draw 7019, read as no date at its caption); null when no such word is a
 * month. Same length, so offsets stay valid.
 */
function monthNameRepaired(text: string): string | null {
  let changed = false;
  const repaired = text.replace(/\b(?=[a-z015]*\d)(?=[a-z015]*[a-z])[a-z015]{3,9}\b/gi, (word) => {
    const letters = [...word].map((c) => LETTER_OF_DIGIT[c] ?? c).join('');
    if (MONTHS[letters.toLowerCase()] === undefined) return word;
    changed = true;
    return letters;
  });
  return changed ? repaired : null;
}

/**
 * The text with a five-digit group that is a year with one glyph read twice ("Jun 14, 20024")
 * read once, when only one year can be meant; null when there is none. A space before the
 * year takes the dropped glyph's place, so offsets into the text stay valid and the date still
 * ends where the printed group did.
 */
function yearReadOnce(text: string): string | null {
  let repaired: string | null = null;
  for (const m of text.matchAll(/(?<!\d)\d{5}(?!\d)/g)) {
    const digits = m[0];
    const years = new Set<string>();
    for (let i = 1; i < digits.length; i += 1) {
      if (digits[i] !== digits[i - 1]) continue;
      const year = digits.slice(0, i) + digits.slice(i + 1);
      if (+year >= 1900 && +year <= 2199) years.add(year);
    }
    if (years.size !== 1 || repaired !== null) return null;
    const [year] = years;
    repaired = `${text.slice(0, m.index)} ${year}${text.slice(m.index + digits.length)}`;
  }
  return repaired;
}
