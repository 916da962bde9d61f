import type { ScalarValue } from '../schema/extraction-result.types';
import type { ScalarFieldDefinition, StringFieldDefinition } from '../schema/field-schema.types';
import { fieldPhrases } from '../vocabulary/label-vocabulary';
import { parseBoolean } from './boolean-normaliser';
import { parseDate } from './date-normaliser';
import { parseEnum } from './enum-normaliser';
import { parseMoney, parseNumber } from './money-normaliser';
import { withOcrPunctuationRead } from './ocr-punctuation';
import type { ParsedValue } from './parsed-value.types';
import { repairToPattern } from './pattern-guided.repairer';
import { withStateCodeRead } from './state-code';
import { strayQuoteLength } from './stray-quote';
import { withStreetSuffixRead } from './street-suffix';
import { normaliseString } from './string-normaliser';
import { asksForVin, malformedVin, parseVin } from './vehicle-identification-number';

/**
 * Punctuation that separates a label from its value but belongs to neither, and a word of
 * punctuation alone after the value (a speck of the scan OCR read as "." or "-"); a full stop
 * touching the value stays ("Acme Inc."), and so does a lone point or minus sign right before a
 * digit (".025", "-14,165.00"), which is the figure's own; dots of a leader run into a figure
 * ("....5,000") are not.
 */
const EDGE_PUNCTUATION =
  /^(?:[\s:;,|_–—]|(?<=[.\-_])[.-]|[.-](?!\d))+|(?:\s+[.,:;'"`‘’\-–—|_~·]+)+$|[\s:;,|_]+$/gu;
/**
 * What a value never starts with: the separating punctuation, and words of marks alone before
 * it (a speck or a box edge OCR read as "+", "[" or "«" in front of "Northgate Property").
 * A currency sign, "@" or a ticked box is a value's own.
 */
const LEADING_MARKS =
  /^(?:(?:[\s:;,|_–—]|(?<=[.\-_])[.-]|[.-](?!\d))+|[+[\]{}<>«»‹›"'“”‘’`*^~=]+\s+)+/u;

function compilePatterns(patterns: readonly string[] | undefined): RegExp[] {
  return (patterns ?? []).map((source) => new RegExp(source, 'i'));
}

function parseString(text: string, field: StringFieldDefinition): ParsedValue<string> | null {
  const patterns = compilePatterns(field.patterns);
  for (const pattern of patterns) {
    const m = pattern.exec(text);
    if (m && m[0].length > 0) {
      return {
        value: normaliseString(m[0], field.normalise),
        start: m.index,
        end: m.index + m[0].length,
        quality: 1,
        notes: [],
      };
    }
  }
  // OCR slips ("0618587" for "O618587"): the pattern decides which look-alike was printed.
  for (const token of text.matchAll(/\S+/g)) {
    const repaired = repairToPattern(token[0], patterns);
    if (!repaired) continue;
    const m = patterns.map((p) => p.exec(repaired.text)).find((found) => found !== null)!;
    const start = (token.index ?? 0) + m.index;
    return {
      value: normaliseString(m[0], field.normalise),
      start,
      end: start + m[0].length,
      quality: repaired.swaps === 1 ? 0.85 : 0.75,
      notes: ['OCR characters repaired to fit the field pattern'],
    };
  }
  const markedStart = text.length - text.replace(LEADING_MARKS, '').length;
  const trimmedStart = markedStart + strayQuoteLength(text.slice(markedStart));
  const trimmed = text.slice(trimmedStart).replace(EDGE_PUNCTUATION, '');
  if (trimmed.length === 0) return null;
  const value = normaliseString(trimmed, field.normalise);
  const plain = { value, start: trimmedStart, end: trimmedStart + trimmed.length };
  if (patterns.length === 0 && asksForVin(fieldPhrases(field))) {
    // A VIN's shape is a public standard: no pattern needs configuring to know it.
    const vin = parseVin(text);
    return vin
      ? { ...vin, value: normaliseString(vin.value, field.normalise) }
      : malformedVin(plain);
  }
  if (patterns.length > 0) {
    // The text next to the label does not look like this field's values: keep it, but doubt it.
    return { ...plain, quality: 0.5, notes: ['value does not match the field pattern'] };
  }
  // A US address's closed lists (USPS Publication 28): its street suffix and its state code.
  const suffixRead = withStreetSuffixRead(value);
  const stateRead = withStateCodeRead(suffixRead ?? value);
  if (suffixRead !== null || stateRead !== null)
    return {
      ...plain,
      value: stateRead ?? suffixRead!,
      quality: 1,
      notes: [
        ...(suffixRead === null ? [] : ['street suffix read by its standard']),
        ...(stateRead === null ? [] : ['state code read by its standard']),
      ],
    };
  const punctuated = withOcrPunctuationRead(value);
  if (punctuated !== null)
    return {
      ...plain,
      value: punctuated,
      quality: 1,
      notes: ['punctuation OCR misread read as printed'],
    };
  return { ...plain, quality: 1, notes: [] };
}

/** Printed placeholders for "no value": a form saying "N/A" has answered, with nothing. */
const EMPTY_MARKERS = /^\s*[:\-–—]*\s*(n\/?a|none|nil|not applicable|-+|–|—)\s*$/i;

/** Parses and normalises `text` as the field's type; null when nothing of that type is in it. */
export function parseScalar(
  text: string,
  field: ScalarFieldDefinition,
): ParsedValue<ScalarValue> | null {
  if (EMPTY_MARKERS.test(text)) return null;
  switch (field.type) {
    case 'string':
      return parseString(text, field);
    case 'number':
      return parseNumber(text, field.decimals);
    case 'money':
      return parseMoney(text, field.defaultCurrency);
    case 'date':
      return parseDate(text, field.dateOrder);
    case 'boolean':
      return parseBoolean(text, field.trueValues, field.falseValues);
    case 'enum':
      return parseEnum(text, field.options);
  }
}
