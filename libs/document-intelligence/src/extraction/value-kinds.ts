import type { KeyValuePair } from '../layout/layout.types';
import type { ScalarFieldDefinition } from '../schema/field-schema.types';
import { parseDate } from '../values/date-normaliser';
import { parseMoney } from '../values/money-normaliser';
import type { ParsedValue } from '../values/parsed-value.types';
import { parseScalar } from '../values/scalar-value.parser';
import { opensAsStreetAddress } from '../values/street-suffix';
import { fieldPhrases } from '../vocabulary/label-vocabulary';
import { isLemma } from '../vocabulary/word-senses';
import {
  asksForIdentifier,
  asksForName,
  asksForParty,
  asksForPhone,
  asksForPlace,
} from './caption-similarity';

/** OCR confidence below which a caption's word may be a misreading of what was printed. */
const UNSURE_CAPTION_WORD = 0.7;

/**
 * A caption OCR garbled: every word read unsure and none a word of the dictionary (`Polley`
 * at 0.59, `POY` at 0.46 for "Policy" on harsh scans of draw 7032). What it asks cannot be
 * read, so it neither vouches for nor rules out a code-shaped answer under it.
 */
function unreadCaption(pair: KeyValuePair): boolean {
  const words = pair.key.words.filter((w) => /\p{L}/u.test(w.text));
  return (
    words.length > 0 &&
    words.every(
      (w) =>
        w.confidence < UNSURE_CAPTION_WORD &&
        !isLemma(w.text.toLowerCase().replace(/[^\p{L}]/gu, '')),
    )
  );
}

/*
 * What an answer's own text says about the kind of value it is, without its caption: a date or
 * an amount when it parses wholly as one, an identifier or a name by its shape. The pair matcher
 * asks this to keep a field from the wrong kind of answer and to guess a field's answer by kind
 * when no caption names it.
 */

type Span = { readonly start: number; readonly end: number };

/**
 * One token of letters and digits mixed, joined by dashes or slashes ("23-26664-QB",
 * "HO/69/39"); digits alone ("555-201-3344") may be a phone number or a date.
 */
export const CODE = /^(?=[^\s]*\d)(?=[^\s]*\p{L})(?=[^\s]*[-/])[\p{L}\d][\p{L}\d\-/.]{3,}$/u;

/**
 * A value read from whole tokens of the answer, not cut out of one: "24" is no amount of
 * "24-90349-OD", nor "2024" a year of "HO-2024-7".
 */
export function wholeTokens(text: string, parsed: Span): boolean {
  const joined = /[\p{L}\p{N}\-/]/u;
  return !joined.test(text.charAt(parsed.start - 1)) && !joined.test(text.charAt(parsed.end));
}

/** The parse covers the whole text: "P203259" is no amount, "$203,259" is. */
export function exactly(text: string, parsed: Span | null): boolean {
  return parsed !== null && parsed.start === 0 && parsed.end >= text.length;
}

/** The parse covers nearly all of the text (a currency code or a stray mark may be left). */
export function wholly(text: string, parsed: Span | null): boolean {
  return parsed !== null && parsed.end - parsed.start >= 0.8 * text.trim().length;
}

/**
 * Any text parses as a string, so a string field asking for an identifier takes only text that
 * looks like one: with a digit, and not a date ("Policy Number" never reads "October 31, 2023").
 */
export function fitsKind(field: ScalarFieldDefinition, text: string): boolean {
  if (field.type !== 'string') return true;
  if (asksForIdentifier(fieldPhrases(field))) {
    return /\d/.test(text) && parseDate(text) === null && !printedAsAmount(text);
  }
  if (asksForPhone(fieldPhrases(field))) return dialable(text);
  // A place is printed in words ("2132 Cedar Ln", "Warehouse 7"): one token of letters and
  // digits is a code ("CLM2024325732" under "Loss Reference", taken for a loss location by the
  // words the captions share, draw 7029).
  if (
    asksForPlace(fieldPhrases(field)) &&
    IDENTIFIER_SHAPE.test(text.trim()) &&
    /\p{L}/u.test(text)
  )
    return false;
  // A text field is not read from an answer that is wholly a date, an amount or a code: a
  // schema wanting one would have typed the field so, or named it a number.
  return (
    !wholly(text, parseDate(text)) && !wholly(text, parseMoney(text)) && !CODE.test(text.trim())
  );
}

/** A currency sign or code, or thousands grouped before two decimals ("2,961.87"). */
const AMOUNT_MARKS = /[$€£¥]|\b(?:USD|EUR|GBP|CAD|AUD|CHF|JPY)\b|^\D*\d{1,3}(?:,\d{3})+\.\d{2}\D*$/;

/**
 * Wholly an amount and printed as one, with its currency or its grouped figures and cents
 * ("$2,961.87", "2,324.22 USD"): no identifier is written so. Digits alone ("2366340") may be
 * either, and stay an identifier's.
 */
function printedAsAmount(text: string): boolean {
  return wholly(text, parseMoney(text)) && AMOUNT_MARKS.test(text.trim());
}

/**
 * The kind rule for an answer printed at the field's own caption. A text field asking for a
 * name or an identifier keeps `fitsKind` there too ("Insured Name  118,293.73" is no name). A
 * text field whose phrases name no such kind takes what its caption prints, whatever its kind:
 * the first-time schemas that write every field as text ask "Date:", "Total Sample" or "Length"
 * and mean the date, count or measure beside it; refusing it left such fields empty.
 */
export function fitsKindAtCaption(field: ScalarFieldDefinition, text: string): boolean {
  if (field.type !== 'string') return true;
  const phrases = fieldPhrases(field);
  return asksForIdentifier(phrases) || asksForName(phrases) || asksForPhone(phrases)
    ? fitsKind(field, text)
    : true;
}

/**
 * Text a phone number may be read from: a digit at least, and no date ("N", "Yes" or "Date of
 * Notice" beside a caption naming a phone is another answer's text). How many digits is left open: a caption
 * naming a phone may ask for a count ("Phone Booth  20").
 */
function dialable(text: string): boolean {
  return /\d/.test(text) && !wholly(text, parseDate(text));
}

/** One token with a digit, as identifiers print ("GFT2008342", "24-90349-OD", "INV/91989"). */
const IDENTIFIER_SHAPE = /^(?=\S*\d)[\p{L}\d][\p{L}\d\-/.#]{3,}$/u;

/** A name as printed: two to six words, no digits or value symbols ("Dawson Logistics LLC"). */
const NAME_SHAPE = /^(?!.*[\d$€£@%])\S+(?:\s+\S+){1,5}$/u;

/** At most six words, no digits or value symbols: a name, of a person or a firm ("Acme"). */
const NAME_LENGTH = /^(?!.*[\d$€£@%])\S+(?:\s+\S+){0,5}$/u;

/** Text a name may be: never a sentence ("Windows were broken and the side panels ..."). */
export function nameShaped(text: string): boolean {
  return NAME_LENGTH.test(text.trim());
}

/**
 * The kinds of value an answer's text tells apart without its caption: dates and amounts by
 * parsing wholly as one, identifiers and names by their shape under a caption naming the kind
 * ("Loss Reference  24-90349-OD", "Account Name  James Kowalski").
 */
export interface ValueKind {
  readonly name: string;
  asks(field: ScalarFieldDefinition): boolean;
  answers(field: ScalarFieldDefinition, pair: KeyValuePair): ParsedValue | null;
}

/**
 * A reading sure enough to tell a value's kind by: read as printed, or repaired by a standard
 * that leaves no doubt (a VIN's O read as 0: ISO 3779 never prints an O).
 */
const SURE_READING = 0.9;

function whollyTyped(field: ScalarFieldDefinition, pair: KeyValuePair): ParsedValue | null {
  const parsed = parseScalar(pair.value!.text, field);
  return parsed !== null && wholly(pair.value!.text, parsed) && parsed.quality >= SURE_READING
    ? parsed
    : null;
}

export const VALUE_KINDS: readonly ValueKind[] = [
  { name: 'date', asks: (f) => f.type === 'date', answers: whollyTyped },
  {
    // An amount is its own token: "X264752" under "Document No." holds a figure glued to a
    // letter, an identifier (draw 7030 counted it among the invoice's amounts).
    name: 'money',
    asks: (f) => f.type === 'money',
    answers: (field, pair) => {
      const parsed = whollyTyped(field, pair);
      return parsed && wholeTokens(pair.value!.text, parsed) ? parsed : null;
    },
  },
  {
    name: 'identifier',
    asks: (f) => f.type === 'string' && asksForIdentifier(fieldPhrases(f)),
    answers: (field, pair) => {
      const text = pair.value!.text.trim();
      if (!IDENTIFIER_SHAPE.test(text)) return null;
      if (!asksForIdentifier([pair.key.text]) && !(CODE.test(text) && unreadCaption(pair))) {
        return null;
      }
      // Digits alone under a caption naming a number ("Document No.  1206126") are the number;
      // an amount is printed as one (a currency, grouped figures with cents).
      if (exactly(text, parseDate(text)) || printedAsAmount(text)) return null;
      return whollyTyped(field, pair);
    },
  },
  {
    // A street address's shape says what it is whatever its caption ("WHERE IT HAPPENED").
    name: 'place',
    asks: (f) => f.type === 'string' && asksForPlace(fieldPhrases(f)),
    answers: (field, pair) =>
      opensAsStreetAddress(pair.value!.text) ? whollyTyped(field, pair) : null,
  },
  {
    name: 'name',
    asks: (f) =>
      f.type === 'string' && asksForName(fieldPhrases(f)) && !asksForIdentifier(fieldPhrases(f)),
    answers: (field, pair) =>
      NAME_SHAPE.test(pair.value!.text.trim()) && asksForName([pair.key.text])
        ? whollyTyped(field, pair)
        : null,
  },
  {
    // After the names asked for in so many words: a party asked for by its role ("Agent",
    // "Named Insured") takes a name printed under a caption naming a role or a name ("Client",
    // "Account Executive"). A field whose role names a firm as well ("Carrier") is left out: a
    // person under "Adjuster" is no carrier.
    name: 'party',
    asks: (f) =>
      f.type === 'string' &&
      asksForParty(fieldPhrases(f), true) &&
      !asksForIdentifier(fieldPhrases(f)),
    answers: (field, pair) =>
      NAME_SHAPE.test(pair.value!.text.trim()) &&
      (asksForName([pair.key.text]) || asksForParty([pair.key.text]))
        ? whollyTyped(field, pair)
        : null,
  },
];
