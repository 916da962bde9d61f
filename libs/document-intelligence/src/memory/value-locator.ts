import type { CornerBox } from '@docket/platform';

import type { AnalysedPage } from '../layout/analysed-page';
import type { ScalarFieldDefinition } from '../schema/field-schema.types';
import { unionBox } from '../text-layer/box-geometry';
import { parseScalar } from '../values/scalar-value.parser';
import type { ReviewedValue } from './layout-memory';

/*
 * Where on the page a reviewer's value is printed, when the review says only what the value is
 * (a corrected field has no box of its own). Runs of up to MAX_WORDS words on one line are read
 * as the field's type; the value is found when exactly one run reads as it (a run inside a
 * longer run that also matches counts once). Two places printing the same value make it
 * ambiguous, and nothing is learned from it: a wrong anchor would teach a wrong position.
 */

const MAX_WORDS = 8;

type ScalarJson = string | number | boolean | null;

function sameValue(a: unknown, b: ScalarJson, type: ScalarFieldDefinition['type']): boolean {
  if (type === 'string' || type === 'enum') {
    const norm = (v: unknown) =>
      String(v ?? '')
        .toLowerCase()
        .replace(/\s+/g, ' ')
        .trim();
    return norm(a) === norm(b);
  }
  if (a && typeof a === 'object' && 'amount' in a) {
    const amount = (a as { amount: number }).amount;
    const wanted = b !== null && typeof b === 'object' ? (b as { amount: number }).amount : b;
    return Number(wanted) === amount;
  }
  return JSON.stringify(a) === JSON.stringify(b);
}

interface Found {
  readonly pageNumber: number;
  readonly box: CornerBox;
  readonly words: number;
}

/**
 * A cheap test a run must pass before it is parsed: the text of the value that any printing of
 * it keeps (a string's longest word, an amount's last whole digits, a date's year's last two).
 */
function needleOf(value: ScalarJson | object, type: ScalarFieldDefinition['type']): string {
  if (value !== null && typeof value === 'object' && 'amount' in value) {
    return String(Math.trunc(Math.abs(Number((value as { amount: unknown }).amount)))).slice(-3);
  }
  if (type === 'number') return String(Math.trunc(Math.abs(Number(value)))).slice(-3);
  if (type === 'date') return /^\d{2}(\d{2})-/.exec(String(value))?.[1] ?? '';
  if (type === 'string' || type === 'enum') {
    const words = String(value).toLowerCase().split(/\s+/);
    return words.reduce((a, b) => (b.length > a.length ? b : a), '');
  }
  return '';
}

/** Every place the value is printed whole (a run inside a longer matching run counts once). */
export function placesOf(
  pages: readonly AnalysedPage[],
  field: ScalarFieldDefinition,
  value: unknown,
): Array<{ pageNumber: number; box: CornerBox }> {
  if (value === null || value === undefined || value === '') return [];
  const wanted = value as ScalarJson;
  const needle = needleOf(wanted, field.type);
  const found: Found[] = [];
  for (const { page, lines } of pages) {
    for (const line of lines) {
      if (!line.text.toLowerCase().includes(needle)) continue;
      const words = line.words;
      for (let start = 0; start < words.length; start += 1) {
        for (let end = start + 1; end <= Math.min(words.length, start + MAX_WORDS); end += 1) {
          const run = words.slice(start, end);
          const text = run.map((w) => w.text).join(' ');
          if (!text.toLowerCase().includes(needle)) continue;
          const parsed = parseScalar(text, field);
          // The whole run must be the value, not a value inside other words.
          if (!parsed || parsed.start !== 0 || parsed.end < text.length - 1) continue;
          if (!sameValue(parsed.value, wanted, field.type)) continue;
          found.push({
            pageNumber: page.pageNumber,
            box: unionBox(run.map((w) => w.box))!,
            words: run.length,
          });
        }
      }
    }
  }
  // A shorter run inside a longer matching one is the same place.
  return found
    .filter(
      (f) =>
        !found.some(
          (g) =>
            g !== f &&
            g.pageNumber === f.pageNumber &&
            g.words > f.words &&
            g.box.x0 <= f.box.x0 &&
            g.box.x1 >= f.box.x1 &&
            g.box.y0 <= f.box.y0 + 1e-6 &&
            g.box.y1 >= f.box.y1 - 1e-6,
        ),
    )
    .map(({ pageNumber, box }) => ({ pageNumber, box }));
}

/** Where the value is printed, when it is printed in exactly one place. */
export function locateValue(
  pages: readonly AnalysedPage[],
  field: ScalarFieldDefinition,
  value: unknown,
): { pageNumber: number; box: CornerBox } | null {
  const places = placesOf(pages, field, value);
  return places.length === 1 ? places[0] : null;
}

/** A reviewed field: where the review says it is, else where its value is printed. */
export function reviewedValueOf(
  pages: readonly AnalysedPage[],
  field: ScalarFieldDefinition,
  value: unknown,
  given?: { pageNumber: number; box: CornerBox },
): ReviewedValue | null {
  const place = given ?? locateValue(pages, field, value);
  if (!place) return null;
  const text = field.type === 'string' && typeof value === 'string' ? { text: value } : {};
  return { key: field.key, pageNumber: place.pageNumber, box: place.box, ...text };
}
