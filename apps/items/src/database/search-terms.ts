/** Shorter terms are not looked up as substrings (trigram indexes need three characters). */
export const MIN_SUBSTRING_TERM = 3;

const MONEY = /^[$€£]?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?$/;
const MM_DD_YYYY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/**
 * How one free-text term can appear in an item's stored text, which holds field values as the
 * API keeps them: an amount as a plain number (`$1,240.00` is stored `1240`), a date as
 * `YYYY-MM-DD` (`04/02/2025` is `2025-04-02`), anything else as typed (`PN-65` is part of
 * `PN-654321`). Returns the forms to look for, or none for a term too short to look up.
 */
export function substringFormsOf(term: string): string[] {
  const money = MONEY.exec(term);
  if (money) {
    const amount = String(Number(`${money[1].replace(/,/g, '')}${money[2] ?? ''}`));
    return [...new Set([term, amount])].filter((form) => form.length >= MIN_SUBSTRING_TERM);
  }
  const date = MM_DD_YYYY.exec(term);
  if (date) {
    const [month, day, year] = [date[1], date[2], date[3]];
    return [term, `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`];
  }
  return term.length >= MIN_SUBSTRING_TERM ? [term] : [];
}

/**
 * The terms of plain free text with a digit in it (amounts, dates, identifiers), each with its
 * substring forms; undefined (the full-text search alone) for words only, since the substring
 * scan costs several times the full-text one, and for quotes, `or`, `-` exclusions or a term
 * too short to look up.
 */
export function substringTermsOf(words: string): string[][] | undefined {
  const terms = words.trim().split(/\s+/);
  if (!/\d/.test(words) || words.includes('"')) return undefined;
  if (terms.some((term) => term.toLowerCase() === 'or' || term.startsWith('-'))) return undefined;
  const forms = terms.map(substringFormsOf);
  return forms.every((f) => f.length > 0) ? forms : undefined;
}
