/** The caption of a totals row, which ends a table and is left to the key-value pairs. */
export const TOTALS = /^(?:sub[\s-]?total|grand\s+total|total|totals|balance|amount\s+due|sum)\b/i;
