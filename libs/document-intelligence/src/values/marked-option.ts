import type { ScalarValue } from '../schema/extraction-result.types';
import type { ScalarFieldDefinition } from '../schema/field-schema.types';
import { verticalOverlapRatio } from '../text-layer/box-geometry';
import type { PositionedWord } from '../text-layer/line-grouper';
import { tokenise } from '../text-layer/text-normaliser';
import { optionWords } from './boolean-normaliser';
import type { ParsedValue } from './parsed-value.types';
import { parseScalar } from './scalar-value.parser';
import { joinWords } from './word-span';

/**
 * A tick mark typed or written on its own beside an option ("X", "✓"), or a ticked box as OCR
 * reads it, the mark with a side of its box ("Xl", "[X", "X]").
 */
const LONE_MARK = /^[[(|]?[xX×✓✔✗✘√☒☑■][\])|lI1]?$/u;
/** An empty tick box as printed or as OCR reads it ("☐", "[ ]", "O", "D"). */
const EMPTY_BOX = /^(?:[☐□]|\[\s*\]|[[(]?[oO0D][\])]?)$/u;
/**
 * The option nearer the mark must be this many times nearer than the other one: a mark midway
 * between two options ("Yes  X  No") marks neither for sure.
 */
const CLEAR_LEAD = 1.5;

export const MARKED_OPTION_NOTE = 'the option the lone tick mark stands beside';

interface Option {
  readonly index: number;
  readonly value: boolean;
}

function optionsAmong(
  words: readonly PositionedWord[],
  truthy: ReadonlySet<string>,
  falsy: ReadonlySet<string>,
): Option[] {
  return words.flatMap((word, index): Option[] => {
    if (LONE_MARK.test(word.text)) return [];
    const tokens = tokenise(word.text);
    if (tokens.length !== 1) return [];
    if (truthy.has(tokens[0])) return [{ index, value: true }];
    if (falsy.has(tokens[0])) return [{ index, value: false }];
    return [];
  });
}

/** Whether two words share most of the shorter one's height: they stand on one line. */
export function onOneLine(a: PositionedWord, b: PositionedWord): boolean {
  return verticalOverlapRatio(a.box, b.box) >= 0.5;
}

/** Horizontal gap between two words on one line, or Infinity when they share no line. */
function gapBetween(a: PositionedWord, b: PositionedWord): number {
  if (!onOneLine(a, b)) return Infinity;
  return Math.max(0, b.box.x0 - a.box.x1, a.box.x0 - b.box.x1);
}

/** Character offset of word `index` in `joinWords(words)`. */
function offsetOf(words: readonly PositionedWord[], index: number): number {
  return words.slice(0, index).reduce((sum, w) => sum + w.text.length + 1, 0);
}

/** What a line of words prints as a yes/no choice. */
export interface PrintedChoice {
  /** How many lone tick marks stand among the words. */
  readonly marks: number;
  /**
   * The option the one mark stands clearly nearer to, and the words from mark to option (their
   * indexes); null with no mark, several, or one about as near to both options.
   */
  readonly marked: {
    readonly value: boolean;
    readonly first: number;
    readonly last: number;
  } | null;
}

/**
 * Words printing both options of a yes/no, with what their tick marks say ("Yes  X No",
 * "X Yes  No"): the option a lone mark stands beside, told by where the words stand on the page,
 * since the text alone cannot say whether a mark precedes or follows its option. Null when the
 * words do not print both options.
 */
export function printedChoice(
  words: readonly PositionedWord[],
  trueValues?: readonly string[],
  falseValues?: readonly string[],
): PrintedChoice | null {
  const { truthy, falsy } = optionWords(trueValues, falseValues);
  const options = optionsAmong(words, truthy, falsy);
  if (!options.some((o) => o.value) || !options.some((o) => !o.value)) return null;
  const marks = words.flatMap((word, index) => (LONE_MARK.test(word.text) ? [index] : []));
  if (marks.length !== 1) return { marks: marks.length, marked: null };
  const [markIndex] = marks;
  const byGap = options
    .map((option) => ({ option, gap: gapBetween(words[markIndex], words[option.index]) }))
    .filter(({ gap }) => Number.isFinite(gap))
    .sort((a, b) => a.gap - b.gap);
  const [nearest, next] = byGap;
  if (!nearest || (next && next.gap <= CLEAR_LEAD * nearest.gap)) return { marks: 1, marked: null };
  return {
    marks: 1,
    marked: {
      value: nearest.option.value,
      first: Math.min(markIndex, nearest.option.index),
      last: Math.max(markIndex, nearest.option.index),
    },
  };
}

/** How well a yes/no read from its one tick mark parses. */
export const MARKED_QUALITY = 0.95;

/** A yes/no answered by its printed choice's marked option (`printedChoice`), or null. */
export function markedOption(
  words: readonly PositionedWord[],
  trueValues?: readonly string[],
  falseValues?: readonly string[],
): ParsedValue<boolean> | null {
  const marked = printedChoice(words, trueValues, falseValues)?.marked;
  if (!marked) return null;
  return {
    value: marked.value,
    start: offsetOf(words, marked.first),
    end: offsetOf(words, marked.last) + words[marked.last].text.length,
    quality: MARKED_QUALITY,
    notes: [MARKED_OPTION_NOTE],
  };
}

/**
 * A field's value read from words: a yes/no's marked option by the words' places first, any
 * other reading from their text (`parseScalar` over `joinWords(words)`).
 */
export function parseScalarWords(
  words: readonly PositionedWord[],
  field: ScalarFieldDefinition,
): ParsedValue<ScalarValue> | null {
  if (field.type === 'boolean') {
    const marked = markedOption(words, field.trueValues, field.falseValues);
    if (marked) return marked;
  }
  return parseScalar(joinWords(words), field);
}

/**
 * An answer to a yes/no read beside its caption, with the options and tick marks printed after
 * it on its line ("Yes" then, a gap further, "X No"): the choice is read among them all, not
 * from the first option alone.
 */
export function withOptionsAfter(
  answer: readonly PositionedWord[],
  lineWords: readonly PositionedWord[],
  field: ScalarFieldDefinition,
): PositionedWord[] {
  if (field.type !== 'boolean' || answer.length === 0) return [...answer];
  const { truthy, falsy } = optionWords(field.trueValues, field.falseValues);
  const isChoiceWord = (word: PositionedWord): boolean =>
    LONE_MARK.test(word.text) ||
    EMPTY_BOX.test(word.text) ||
    optionsAmong([word], truthy, falsy).length === 1;
  if (!answer.every(isChoiceWord) || optionsAmong(answer, truthy, falsy).length === 0)
    return [...answer];
  const after = lineWords.slice(lineWords.indexOf(answer[answer.length - 1]) + 1);
  const stop = after.findIndex((word) => !isChoiceWord(word));
  return [...answer, ...(stop < 0 ? after : after.slice(0, stop))];
}
