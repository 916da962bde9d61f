import type { PositionedWord, TextSegment } from '../text-layer/line-grouper';
import { isCurrencyCode } from '../values/money-normaliser';
import type { GridLine } from './caption-grid';
import { captionShaped, hasValueSignal } from './layout-text';

/*
 * A colon-less caption printed close to its answer reads as one phrase ("PROJECT #  1982 102KL",
 * "Total Sample  214"): the gap between them is narrower than the one that parts phrases. What
 * still tells them apart is the shape of the text, a few caption words and then a value, and
 * the spacing: the value stands further off than the caption's own words do. These pairs are
 * read once colon captions took their answers, before grids and bands.
 */

/** A caption glued to its value has at most this many words: longer runs are sentences. */
const MAX_CAPTION_WORDS = 5;
/** A glued value is short: a number, a date, a code. More words make a sentence with a figure. */
const MAX_VALUE_WORDS = 4;
/** A word space is about this many line heights in proportional type. */
const WORD_SPACE = 0.3;

/**
 * A month name (or its abbreviation) before a day number is a date ("March 18, 1968"), not a
 * caption before its value.
 */
const MONTH =
  /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)(?:uary|ruary|ch|il|e|y|ust|tember|ober|ember)?\.?$/i;

/** A word that starts an answer: it carries a digit or value symbol, or is a "#" number. */
function startsValue(word: PositionedWord): boolean {
  return hasValueSignal(word.text.replace(/^#/, ''));
}

/**
 * Caption words that rather belong to running text, a code or an amount: a comma (a place name
 * before its postcode), an unclosed bracket ("(to $ 250,000)"), a last word ending in a hyphen
 * or slash ("RE-2218", "AT-P/F-T-317"), or a currency code ("USD  36,673.87": OCR boxes tight
 * around the glyphs set the code a little apart from its figure).
 */
function notACaption(text: string): boolean {
  const opened = (text.match(/\(/g) ?? []).length > (text.match(/\)/g) ?? []).length;
  return /,/.test(text) || opened || /[-/]$/.test(text) || isCurrencyCode(text);
}

/**
 * A value that continues a code ("-4", "/2"), is an aside in brackets ("(1993)"), or opens with
 * a bracketed qualifier of the caption ("Tax (8%) 992.06"; a bracketed area code stays a value).
 */
function notAValue(words: readonly PositionedWord[]): boolean {
  const text = words.map((w) => w.text).join(' ');
  return (
    /^[-/%]/.test(text) || /^\(.*\)$/.test(text) || /^\([^)]*[^\d)][^)]*\)$/.test(words[0].text)
  );
}

/**
 * Where the value starts in a phrase holding a colon-less caption glued to it, or -1: the first
 * word with a value signal, after one to MAX_CAPTION_WORDS caption-shaped words that do not end
 * in a colon (colon captions have their own rule). A month name just before it belongs to the
 * value ("Date March 18, 1968"); a month name alone is a date, not a caption.
 */
function gluedValueStart(words: readonly PositionedWord[], wordSpace: number): number {
  let at = words.findIndex(startsValue);
  if (at < 1 || at > MAX_CAPTION_WORDS || words.length - at > MAX_VALUE_WORDS) return -1;
  if (MONTH.test(words[at - 1].text)) at -= 1;
  if (at < 1) return -1;
  const text = words
    .slice(0, at)
    .map((w) => w.text)
    .join(' ');
  if (!captionShaped(text) || notACaption(text) || notAValue(words.slice(at))) return -1;
  return setApart(words, at, wordSpace) ? at : -1;
}

/** A tick mark typed or written beside an option ("x", "X", "✓"). */
const TICK_MARK = /^[xX✓✔✗✘√]$/u;

/**
 * An option ticked by a mark after it ("MALE  X", "Yes  x"): the phrase's last word is a lone
 * tick mark set apart from one to MAX_CAPTION_WORDS caption words; the option is the caption,
 * the mark its answer. Returns the mark's index, or -1.
 */
function tickMarkAfterOption(words: readonly PositionedWord[], wordSpace: number): number {
  const at = words.length - 1;
  if (at < 1 || at > MAX_CAPTION_WORDS || !TICK_MARK.test(words[at].text)) return -1;
  const option = words
    .slice(0, at)
    .map((w) => w.text)
    .join(' ');
  if (!captionShaped(option) || notACaption(option)) return -1;
  return setApart(words, at, wordSpace) ? at : -1;
}

/** The horizontal gap before word `i`. */
const gapBefore = (words: readonly PositionedWord[], i: number): number =>
  words[i].box.x0 - words[i - 1].box.x1;

/**
 * The value stands apart from its caption: the gap before it is wider than a word space and
 * than any gap inside the caption. A printed caption and the answer typed or written after it
 * are spaced apart even when the text layer keeps them in one phrase; a phrase that runs on
 * evenly ("Room 412", "KENT 100") is one name.
 */
function setApart(words: readonly PositionedWord[], at: number, wordSpace: number): boolean {
  const gap = gapBefore(words, at);
  if (gap <= wordSpace) return false;
  for (let i = 1; i < at; i += 1) if (gapBefore(words, i) >= gap) return false;
  return true;
}

/**
 * The phrase at `s` has a free caption before it on its line: it is that caption's answer
 * ("Grand Total   USD 5,513.77"), even when it starts with a word that could be a caption.
 */
function followsFreeCaption(
  segments: readonly TextSegment[],
  s: number,
  isFree: (segment: TextSegment) => boolean,
): boolean {
  const before = segments[s - 1];
  return before !== undefined && isFree(before) && captionShaped(before.text);
}

export interface GluedCaption {
  readonly segment: TextSegment;
  /** Index of the segment's first value word; the words before it are the caption. */
  readonly valueStart: number;
}

/** Lines closer than this many line heights may continue one answer. */
const CONTINUATION_GAP = 1.5;

/**
 * The phrase on line `i` starts where an answer on the line above starts: the next line of that
 * answer ("12 Oak Ave" / "Suite 4" / "Boise, ID 83702"), not a caption of its own.
 */
function continuesAnswerAbove(
  parts: readonly GridLine[],
  i: number,
  segment: TextSegment,
  isAnswerStart: (word: PositionedWord) => boolean,
): boolean {
  const above = parts[i - 1];
  if (!above) return false;
  const { line } = above;
  if (segment.box.y0 - line.box.y1 > CONTINUATION_GAP * (line.box.y1 - line.box.y0)) return false;
  const tolerance = line.heightInWidthUnits * CONTINUATION_GAP;
  return line.words.some(
    (word) => isAnswerStart(word) && Math.abs(word.box.x0 - segment.box.x0) <= tolerance,
  );
}

/**
 * Every free phrase on the page that is a colon-less caption glued to its value, leaving the
 * next lines of answers already found (`isAnswerStart`: an answer's first word) to those
 * answers.
 */
export function gluedCaptions(
  parts: readonly GridLine[],
  isFree: (segment: TextSegment) => boolean,
  isAnswerStart: (word: PositionedWord) => boolean,
): GluedCaption[] {
  const found: GluedCaption[] = [];
  parts.forEach(({ line, segments }, i) => {
    const wordSpace = WORD_SPACE * line.heightInWidthUnits;
    segments.forEach((segment, s) => {
      if (!isFree(segment)) return;
      // An option and its tick mark are a pair even after a caption ("STRAIN  Swiss  MALE X").
      const markAt = tickMarkAfterOption(segment.words, wordSpace);
      if (markAt > 0) {
        found.push({ segment, valueStart: markAt });
        return;
      }
      if (followsFreeCaption(segments, s, isFree)) return;
      if (continuesAnswerAbove(parts, i, segment, isAnswerStart)) return;
      const valueStart = gluedValueStart(segment.words, wordSpace);
      if (valueStart > 0) found.push({ segment, valueStart });
    });
  });
  return found;
}
