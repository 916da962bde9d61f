import type { ScalarFieldDefinition } from '../schema/field-schema.types';
import { misreadWordDoubts } from '../values/garbled-word';
import { RUN_ON_DOUBT, runsOnPastFigure } from '../values/run-on-value';
import {
  nameOpensWithStrayWord,
  nameSplitInside,
  SPLIT_NAME_DOUBT,
  STRAY_WORD_NAME_DOUBT,
} from '../values/split-name';
import {
  CAPTION_SHAPED_DOUBT,
  endsAsCaption,
  hasUnpairedBracket,
  UNPAIRED_BRACKET_DOUBT,
} from '../values/value-print';
import { fieldPhrases } from '../vocabulary/label-vocabulary';
import { asksForIdentifier, asksForName, asksForPhone } from './caption-similarity';

/*
 * What a value's own text says is wrong with how OCR read it, for the kind of value its field
 * asks for: a name with a word broken in two, an identifier or a phone number with the next
 * column's words after it. Asked of a reading at its caption and of one matched by meaning
 * alike; each doubt takes the reading below the review threshold.
 */

/**
 * Two words of three letters or more and no digit: words, not an identifier's pieces. Under an
 * identifier's caption such text is most often the next caption with its answer, which OCR
 * ran together ("POLICY PERIOD FROMebruary 19, 2024" under "POLICY NO.").
 */
const WORD_OF_LETTERS = /^\p{L}{3,}[.,:;]?$/u;

function readsAsWords(text: string): boolean {
  return (
    text
      .trim()
      .split(/\s+/)
      .filter((token) => WORD_OF_LETTERS.test(token)).length >= 2
  );
}

/** Why an identifier read so is doubted. */
export const WORDY_IDENTIFIER_DOUBT =
  'reads as words, not an identifier: another caption may have been read';

/**
 * Fewer than three letters and digits: too short for an identifier a document asks for by
 * caption. Such text under an identifier's caption is most often a caption word OCR misread
 * ("1D" for the "ID" of "Claim ID"), not the number itself.
 */
const SHORTEST_IDENTIFIER = 3;

function tooShortForIdentifier(text: string): boolean {
  const characters = text.match(/[\p{L}\p{N}]/gu) ?? [];
  return characters.length > 0 && characters.length < SHORTEST_IDENTIFIER;
}

/** Why an identifier read so is doubted. */
export const SHORT_IDENTIFIER_DOUBT =
  'too short for an identifier: a caption word may have been read';

/**
 * The fewest digits a phone number holds: seven, a subscriber number without its area code
 * (ITU-T E.164 numbers run longer). Text under a phone caption with fewer digits is another
 * caption or noise ("Date of Notice"), not the number.
 */
const FEWEST_PHONE_DIGITS = 7;

function tooFewDigitsForPhone(text: string): boolean {
  return (text.match(/\p{N}/gu) ?? []).length < FEWEST_PHONE_DIGITS;
}

/**
 * A phone number prints digits, spaces, one pair of brackets round an area code, a plus, dashes,
 * dots or slashes, and an extension. Anything else, or a bracket without its pair, is OCR's
 * reading of something else: `© 60) 0) 560-9068` for (960) 560-9068 on a scan of draw 7016,
 * read at 0.72 and unflagged.
 */
function misprintedPhone(text: string): boolean {
  const number = text.trim().replace(/\s*(?:ext\.?|x)\s*\d+$/i, '');
  const opening = (number.match(/\(/g) ?? []).length;
  const closing = (number.match(/\)/g) ?? []).length;
  return /[^\d\s()+\-./]/.test(number) || opening !== closing || opening > 1;
}

/** Why a phone number read so is doubted. */
export const MISPRINTED_PHONE_DOUBT =
  'holds characters or brackets no phone number prints: OCR may have misread it';

/** Why a phone number read so is doubted. */
export const DIGITLESS_PHONE_DOUBT =
  'too few digits for a phone number: another caption or noise may have been read';

/**
 * One word of letters read for a name: people print a given name and a surname, firms a name
 * and its kind. A single word at a name's caption is most often a word of a caption OCR parted
 * from it: a harsh scan of draw 7019 read `Insured Party` under `Derek Novak` as the caption
 * `insured` with `Party` for the name, at 0.88 and unflagged. A firm known by one word is
 * confirmed by the reviewer.
 */
function oneWordName(text: string): boolean {
  return /^\p{L}+[.,]?$/u.test(text.trim());
}

/** Why a name read so is doubted. */
export const ONE_WORD_NAME_DOUBT =
  'a name of one word: a word of a caption may have been read for it';

/** The share of its score a reading with such a doubt keeps. */
export const SHAPE_DOUBT_FACTOR = 0.7;

export function valueShapeDoubts(field: ScalarFieldDefinition, text: string): string[] {
  if (field.type !== 'string') return [];
  const phrases = fieldPhrases(field);
  const identifier = asksForIdentifier(phrases);
  const doubts: string[] = [];
  if (asksForName(phrases) && !identifier && nameSplitInside(text)) doubts.push(SPLIT_NAME_DOUBT);
  if (asksForName(phrases) && !identifier && nameOpensWithStrayWord(text))
    doubts.push(STRAY_WORD_NAME_DOUBT);
  if (asksForName(phrases) && !identifier && oneWordName(text)) doubts.push(ONE_WORD_NAME_DOUBT);
  if ((identifier || asksForPhone(phrases)) && runsOnPastFigure(text)) doubts.push(RUN_ON_DOUBT);
  if (identifier && readsAsWords(text)) doubts.push(WORDY_IDENTIFIER_DOUBT);
  if (identifier && tooShortForIdentifier(text)) doubts.push(SHORT_IDENTIFIER_DOUBT);
  if (asksForPhone(phrases) && !identifier && tooFewDigitsForPhone(text)) {
    doubts.push(DIGITLESS_PHONE_DOUBT);
  } else if (
    asksForPhone(phrases) &&
    !identifier &&
    !doubts.includes(RUN_ON_DOUBT) &&
    misprintedPhone(text)
  ) {
    doubts.push(MISPRINTED_PHONE_DOUBT);
  }
  if (endsAsCaption(text)) doubts.push(CAPTION_SHAPED_DOUBT);
  if (!doubts.includes(MISPRINTED_PHONE_DOUBT) && hasUnpairedBracket(text))
    doubts.push(UNPAIRED_BRACKET_DOUBT);
  doubts.push(...misreadWordDoubts(text));
  return doubts;
}
