import { VIN_LENGTH, vinShaped } from '../values/vehicle-identification-number';
import { abbreviatesNumber } from '../vocabulary/label-vocabulary';
import type { TextWord } from './text-layer.types';

/**
 * "Name:Marcus" -> "Name:" + "Marcus". Text layers glue a label to its value when the gap
 * between two drawn runs is about one space (and OCR does when the space is narrow); a label
 * must be its own word for label matching to see where it ends. Times ("10:30"), URLs and
 * ratios are left alone: the part before the colon must be letters, or a caption's tail that
 * is a number sign ("Policy #:TMU81" -> "#:" + "TMU81").
 */
const GLUED_LABEL = /^((?:[A-Za-z][A-Za-z#.'/()-]*|#|No\.|Nº):)([^\s/:].*)$/;

/**
 * A dot leader run into the value it leads to ("..........152", "On.......April"): the leader
 * is a caption's mark, and a value that starts with it is read as neither a leader nor a value.
 * The leader is split off the text before and after it; an ellipsis at a word's end stays. A
 * value may open with a bracket, a currency sign or a plus ("....(203) 459-9750": a phone
 * number's area code, lost with the leader on a notice of draw 7019).
 */
const GLUED_LEADER = /^(.*?)([._…·]{3,})([\p{L}\p{N}([$€£#+].*)$/u;

/**
 * The word cut into `parts`, each with its share of the box by its characters' weights: without
 * glyph widths each character counts one, close enough to separate them.
 */
function cutInto(
  word: TextWord,
  parts: readonly string[],
  weigh: (character: string) => number = () => 1,
): TextWord[] {
  const weight = (text: string): number =>
    [...text].reduce((sum, character) => sum + weigh(character), 0);
  const unit = (word.box.x1 - word.box.x0) / weight(word.text);
  let x0 = word.box.x0;
  return parts.flatMap((text) => {
    const x1 = x0 + unit * weight(text);
    const part = { ...word, text, box: { ...word.box, x0, x1 } };
    x0 = x1;
    return text.length === 0 ? [] : [part];
  });
}

/**
 * Rough advance widths of a proportional typeface, in ems: a capital is wider than a figure, a
 * figure than most small letters. Where a cut must fall on the next column's edge (a status run
 * into the date before it), an even share per character puts it a letter's width off.
 */
function glyphWeight(character: string): number {
  if (/\p{Lu}/u.test(character)) return 0.7;
  if (/\d/.test(character)) return 0.556;
  if (/\p{Ll}/u.test(character)) return 0.5;
  return 0.3;
}

/**
 * A date OCR ran into the reference before it when a table's columns stand tight
 * ("CLM/2024/87106412/9/20" for CLM/2024/871064 and 12/9/20, on a scanned loss run of draw 7015):
 * a reference holding a letter, then a month/day/year at the word's end. The letter is looked
 * for here alone, before the word's first slash, so it stands in the reference before any date
 * the word may end in.
 */
const GLUED_DATE = /^(?=[^/]*\p{L})(.{5,}?)(\d{1,2}\/\d{1,2}\/\d{2}(?:\d{2})?)$/u;

/** OCR's word for a date split off that the page does not say where it begins is in doubt. */
const UNSURE_SPLIT_CONFIDENCE = 0.5;

function isMonthDay(date: string): boolean {
  const [month, day] = date.split('/').map(Number);
  return month! >= 1 && month! <= 12 && day! >= 1 && day! <= 31;
}

/**
 * The longest date a word ends in (the reference keeps the rest); when a shorter date also
 * reads ("…412/9/20": 12/9/20 or 2/9/20), both parts carry a confidence in doubt.
 */
function gluedDate(word: TextWord): TextWord[] | null {
  const match = GLUED_DATE.exec(word.text);
  if (!match) return null;
  const whole = match[1]! + match[2]!;
  const starts = [...whole.matchAll(/(?=(\d{1,2}\/\d{1,2}\/\d{2}(?:\d{2})?)$)/g)]
    .map((m) => m.index!)
    .filter((at) => at >= 5 && isMonthDay(whole.slice(at)));
  if (starts.length === 0) return null;
  const parts = cutInto(word, [whole.slice(0, starts[0]), whole.slice(starts[0])]);
  if (starts.length === 1) return parts;
  return parts.map((part) => ({
    ...part,
    confidence: Math.min(part.confidence, UNSURE_SPLIT_CONFIDENCE),
  }));
}

/**
 * A VIN OCR ran into the caption's "No" printed close before it ("NoVDXTOWMFK8ZPB1LY2" under
 * "Vehicle Identification No" on scanned invoices of draw 7021): the caption's abbreviation of
 * "number", then a word in a VIN's shape.
 */
function gluedVin(word: TextWord): TextWord[] | null {
  const caption = word.text.slice(0, word.text.length - VIN_LENGTH);
  const vin = word.text.slice(caption.length);
  if (caption === '' || !abbreviatesNumber(caption) || !vinShaped(vin, false)) return null;
  return cutInto(word, [caption, vin]);
}

/**
 * A date's year run into the word printed after it in the next column ("2023Open",
 * "2019Reopened": a loss run of draw 7032 printed long dates that reached their status cell,
 * and the PDF's text had no space between): the year, then a word in title case.
 */
const GLUED_YEAR_WORD = /^([\d/.-]*(?:19|20)\d{2})(\p{Lu}\p{Ll}{2,})$/u;
/**
 * Figures run into the caption printed after them, its colon with it ("98402Peril:": a ZIP
 * code OCR read glued to the next caption on a scan of draw 7033).
 */
const GLUED_FIGURES_CAPTION = /^(\d[\d,.-]*\d)(\p{Lu}\p{Ll}+:)$/u;

/**
 * A caption in capitals run into the answer after it in title case ("DATEOctober" for "DATE
 * October 27, 1986": OCR read the narrow gap as none on FUNSD 87125460). Capitals then a
 * capital opening small letters is no word's own print.
 */
const GLUED_CAPITALS_WORD = /^(\p{Lu}{2,})(\p{Lu}\p{Ll}{2,})$/u;

export function splitGluedWord(word: TextWord): TextWord[] {
  const figures =
    GLUED_YEAR_WORD.exec(word.text) ??
    GLUED_FIGURES_CAPTION.exec(word.text) ??
    GLUED_CAPITALS_WORD.exec(word.text);
  if (figures) return cutInto(word, [figures[1]!, figures[2]!], glyphWeight);
  const label = GLUED_LABEL.exec(word.text);
  if (label) return cutInto(word, [label[1], label[2]]);
  const leader = GLUED_LEADER.exec(word.text);
  if (leader) return cutInto(word, [leader[1], leader[2], leader[3]]);
  return gluedDate(word) ?? gluedVin(word) ?? [word];
}
