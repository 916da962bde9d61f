import type { KeyValuePair, PageLayout } from '../layout/layout.types';
import type { ScalarFieldDefinition } from '../schema/field-schema.types';
import { splitSegments, type TextLine } from '../text-layer/line-grouper';
import { normaliseText } from '../text-layer/text-normaliser';
import { joinWords, wordKey } from '../values/word-span';
import { fieldPhrases } from '../vocabulary/label-vocabulary';
import { findLabelMatches, type LabelMatch } from './label-matcher';

/**
 * Part of the candidates stage: which printed words are captions, so no reading takes one for
 * its value, and whether a caption is printed exactly as a field's label.
 */

/** Case and spacing set aside, as a caption is compared with the label it was written from. */
function asWritten(text: string): string {
  return normaliseText(text).toLowerCase();
}

/** The whole printed caption reads exactly as one of the field's phrases. */
export function printedAsPhrase(match: LabelMatch, phrases: readonly string[]): boolean {
  const printed = asWritten(joinWords(match.line.words.slice(match.startWord, match.endWord)));
  return phrases.some((phrase) => asWritten(phrase) === printed);
}

/**
 * Words no value may start with or run into: every confident caption of a configured field,
 * and every caption the layout analysis paired with an answer.
 */
export function captionWords(
  lines: readonly TextLine[],
  layouts: readonly PageLayout[],
  fields: readonly ScalarFieldDefinition[],
  fuzzy: boolean,
): Set<string> {
  const labelWords = new Set<string>();
  for (const field of fields) {
    const phrases = fieldPhrases(field);
    for (const match of findLabelMatches(lines, phrases, fuzzy)) {
      // The whole printed caption, so no value starts with its first words. A caption of two
      // words or more printed exactly as a field's label is one wherever it stands: a value
      // before it on its line ("84 mm Total Cigt. Wt. 974") ends there.
      const asPrinted = match.endWord - match.startWord >= 2 && printedAsPhrase(match, phrases);
      if (asPrinted) {
        match.line.words
          .slice(match.startWord, match.endWord)
          .forEach((w) => labelWords.add(wordKey(w)));
      } else if (match.score >= 0.75 && (match.endsWithColon || match.alone)) {
        match.line.words
          .slice(match.endsWithColon ? match.captionStart : match.startWord, match.endWord)
          .forEach((w) => labelWords.add(wordKey(w)));
      }
    }
  }
  // A caption the layout analysis paired with an answer is no field's value either ("VIN:"
  // with nothing under it is not answered by the "Our Ref" caption of the next line; "Name of
  // Insured" is not answered by the "End Date" caption beside it, whose answer is under it).
  const lineOf = new Map(lines.flatMap((line) => line.words.map((w) => [wordKey(w), line])));
  for (const layout of layouts) {
    for (const pair of layout.keyValuePairs) {
      if (pair.value && pair.value.words.length > 0 && !inAnswerColumn(pair, layout, lineOf)) {
        pair.key.words.forEach((w) => labelWords.add(wordKey(w)));
      }
    }
  }
  return labelWords;
}

/** Left edges this close (in page widths) stand in one column. */
const COLUMN_TOLERANCE = 0.008;

/**
 * A caption of the layout's that stands as an answer of a grid of captions beside answers: on
 * its line it follows a caption, and that caption and it start where a pair of the layout on
 * another line starts its caption and its answer ("Name of Insured  Priya Kim" under "Policy #
 * HO642856750", where the layout took "Priya Kim" for a caption over the line below). A table's
 * header beside another header ("Volume  Stores") stands under no such pair.
 */
function inAnswerColumn(
  pair: KeyValuePair,
  layout: PageLayout,
  lineOf: ReadonlyMap<string, TextLine>,
): boolean {
  const first = pair.key.words[0];
  const line = first && lineOf.get(wordKey(first));
  if (!line) return false;
  const segments = splitSegments(line);
  const at = segments.findIndex((s) => s.words.includes(first));
  if (at < 1) return false;
  const before = segments[at - 1].box.x0;
  const { x0, y0, y1 } = pair.key.box;
  const near = (a: number, b: number): boolean => Math.abs(a - b) <= COLUMN_TOLERANCE;
  return layout.keyValuePairs.some(
    (other) =>
      other !== pair &&
      other.arrangement !== 'below' &&
      other.value !== null &&
      Math.abs(other.key.box.y0 - y0) > y1 - y0 &&
      near(other.key.box.x0, before) &&
      near(other.value.box.x0, x0),
  );
}
