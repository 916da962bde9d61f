import type { MoneyValue } from '../schema/extraction-result.types';
import { withDigitsRepaired } from './ocr-digit-repair';
import type { ParsedValue } from './parsed-value.types';

const SYMBOLS: Readonly<Record<string, string>> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY' };
const CODES = 'USD|EUR|GBP|CAD|AUD|CHF|JPY|NZD|MXN';
const NUMBER = '\\d{1,3}(?:[,.]\\d{3})+(?:[.,]\\d{1,2})?|\\d+(?:[.,]\\d{1,2})?';
const MONEY = new RegExp(
  // A percentage is a rate, never an amount: "Sales Tax 7.00%" must yield the tax, not 7.
  `(\\()?(-)?\\s?(${CODES}|[$€£¥])?\\s?(-)?(${NUMBER})(?![\\d%]|\\s%)(?:\\s?(${CODES}))?(\\))?`,
  'gi',
);
const CURRENCY_CODE = new RegExp(`^(?:${CODES})$`);

/** A currency code as printed before or after an amount ("USD"): part of the amount. */
export function isCurrencyCode(text: string): boolean {
  return CURRENCY_CODE.test(text.trim());
}
const KNOWN_CODES = CODES.split('|');

/**
 * A currency code as OCR may read it on a poor scan: three letters opening with a known code's
 * first two, any case ("uso", "usp", "usD" for USD on a harsh scan of draw 7024; the last letter
 * is the one it misread most). Only where a code is expected, between or beside amounts: alone
 * such a word is any three letters.
 */
export function readsAsCurrencyCode(text: string): boolean {
  const word = text.trim().toUpperCase();
  return /^\p{L}{3}$/u.test(word) && KNOWN_CODES.some((code) => word.startsWith(code.slice(0, 2)));
}
const PLAIN_NUMBER = new RegExp(`(-)?(${NUMBER})(?!\\d)`, 'g');

/**
 * Reads "1,234.56", "1.234,56" and "1234": the last separator is the decimal point when one or
 * two digits follow it, otherwise every separator groups thousands.
 */
export function parseNumberText(digits: string): number {
  const lastSep = Math.max(digits.lastIndexOf(','), digits.lastIndexOf('.'));
  if (lastSep === -1) return Number(digits);
  const decimals = digits.length - lastSep - 1;
  if (decimals === 3) return Number(digits.replace(/[,.]/g, ''));
  const whole = digits.slice(0, lastSep).replace(/[,.]/g, '');
  return Number(`${whole}.${digits.slice(lastSep + 1)}`);
}

/** OCR reads a dollar sign in front of digits as "S". */
function repairDollar(text: string): string {
  return text.replace(/(^|[\s(])S(?=\s?\d)/g, '$1$');
}

function roundCents(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * Finds an amount in `text`. A match with a currency or with cents wins over a bare integer,
 * because labels and cells also contain quantities and reference numbers.
 */
export function parseMoney(text: string, defaultCurrency = 'USD'): ParsedValue<MoneyValue> | null {
  const dollar = repairDollar(text);
  const attempts = withDigitsRepaired({
    text: dollar,
    quality: dollar === text ? 1 : 0.9,
    notes: dollar === text ? [] : ['OCR currency symbol repaired'],
  });

  for (const attempt of attempts) {
    let fallback: ParsedValue<MoneyValue> | null = null;
    MONEY.lastIndex = 0;
    for (let m = MONEY.exec(attempt.text); m; m = MONEY.exec(attempt.text)) {
      if (m[0].trim().length === 0) {
        MONEY.lastIndex += 1;
        continue;
      }
      const [whole, open, minus1, prefix, minus2, digits, suffix, close] = m;
      const currencyToken = prefix ?? suffix;
      const currency = currencyToken
        ? (SYMBOLS[currencyToken] ?? currencyToken.toUpperCase())
        : defaultCurrency;
      const negative = Boolean(minus1 || minus2 || (open && close));
      const amount = roundCents(parseNumberText(digits) * (negative ? -1 : 1));
      if (!Number.isFinite(amount)) continue;
      // Keep parentheses in the span only when they pair up as an accounting negative.
      const trimStart = open && !close ? 1 : 0;
      const trimEnd = close && !open ? 1 : 0;
      const start =
        m.index +
        trimStart +
        (whole.length - trimStart - whole.slice(trimStart).trimStart().length);
      const result: ParsedValue<MoneyValue> = {
        value: { amount, currency },
        start,
        end: m.index + whole.trimEnd().length - trimEnd,
        quality: attempt.quality,
        notes: attempt.notes,
      };
      if (currencyToken || /[.,]\d{2}$/.test(digits)) return result;
      fallback ??= result;
    }
    if (fallback) return fallback;
  }
  return null;
}

/** Finds the first number in `text` ("1,250", "-3.5", "12"). */
export function parseNumber(text: string, decimals?: number): ParsedValue<number> | null {
  // A lone "i", "l" or "|" where a number belongs is OCR's reading of a 1 (quantities mostly are).
  const lone = /[il|I]/.exec(text);
  if (lone && text.trim().length === 1) {
    return {
      value: 1,
      start: lone.index,
      end: lone.index + 1,
      quality: 0.7,
      notes: ['OCR digits repaired'],
    };
  }
  const attempts = withDigitsRepaired({ text, quality: 1, notes: [] });
  for (const attempt of attempts) {
    PLAIN_NUMBER.lastIndex = 0;
    const m = PLAIN_NUMBER.exec(attempt.text);
    if (!m) continue;
    let value = parseNumberText(m[2]) * (m[1] ? -1 : 1);
    if (decimals !== undefined) value = Number(value.toFixed(decimals));
    if (!Number.isFinite(value)) continue;
    return {
      value,
      start: m.index,
      end: m.index + m[0].length,
      quality: attempt.quality,
      notes: attempt.notes,
    };
  }
  return null;
}
