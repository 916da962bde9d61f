import { boxHeight, horizontalOverlap } from '../text-layer/box-geometry';
import {
  makeSegment,
  type PositionedWord,
  type TextLine,
  type TextSegment,
} from '../text-layer/line-grouper';
import { hasOwnAnswer, headingBlock } from './answer-guards';
import { alignedUnder, formBands, gridRunsBesideBands, styledBands } from './caption-grid';
import { captionRowAnswers, type OpenCaption } from './colon-caption-row';
import { gluedCaptions } from './glued-caption';
import type { KeyValuePair, PairArrangement } from './layout.types';
import {
  captionShaped,
  COLON_END,
  hasValueSignal,
  isUpperCase,
  layoutText,
  looksLikeLabelText,
  namesAPerson,
} from './layout-text';
import { LEADER, type LineParts, partsOf } from './line-parts';
import { listedNames } from './listed-names';
import { isMarkedChoice, withMarkedChoicesJoined } from './marked-choice';
import { isNoisePhrase } from './noise-phrase';
import { inPairedColumns } from './paired-columns';

/*
 * Key-value pairs without a schema. The arrangements forms use, most telling first: a caption
 * ending in a colon, a dotted or underscored leader, a tick box before its caption, a caption
 * run into its value with no colon ("Total Sample  214"), a caption left of its answer, a
 * caption above its answer (boxed forms). A word belongs to one pair, but for a caption with
 * people listed under its first answer (`listed-names.ts`): one pair per name, the caption shared.
 */

const CONFIDENCE: Readonly<
  Record<PairArrangement | 'colon-next' | 'colon-below' | 'glued' | 'empty', number>
> = {
  colon: 0.92,
  'colon-next': 0.88,
  'colon-below': 0.78,
  checkbox: 0.85,
  right: 0.62,
  glued: 0.58,
  below: 0.6,
  empty: 0.55,
};

const CHECKBOX = /^(?:\[[ xX✓✔]?\]|\([ xX✓✔]?\)|[☐☑☒□■✓✔✗✘])$/u;
const CHECKED = /[xX✓✔☑☒■✗✘]/u;

/** Labels longer than this many words are sentences, not captions. */
const MAX_KEY_WORDS = 8;

function stripColon(words: readonly PositionedWord[]): PositionedWord[] {
  const last = words[words.length - 1];
  if (!last || !last.text.endsWith(':')) return [...words];
  const text = last.text.slice(0, -1);
  return text.length > 0 ? [...words.slice(0, -1), { ...last, text }] : [...words.slice(0, -1)];
}

/**
 * Where the caption of the colon word at `colon` starts: after the previous answer, at most
 * MAX_KEY_WORDS back, and at a capitalised or numbered word when the run before it holds an
 * answer ("Date: 01/02 Policy No: 7").
 */
function keyStart(words: readonly PositionedWord[], colon: number, floor: number): number {
  let start = colon;
  while (start > floor && colon - start < MAX_KEY_WORDS - 1) {
    const previous = words[start - 1];
    if (hasValueSignal(previous.text.replace(/#/g, ''))) break;
    start -= 1;
  }
  if (start === floor) return start;
  // Leave the answer before this caption at least one word; start the caption at a capital.
  const capital = words.slice(start, colon + 1).findIndex((w) => /^[\p{Lu}(#]/u.test(w.text));
  return capital >= 0 ? start + capital : start;
}

interface SegmentPairs {
  readonly pairs: KeyValuePair[];
  /** A trailing caption whose answer is not in this segment. */
  readonly open: PositionedWord[] | null;
  /** Words of the segment before its first caption (an answer of an earlier caption, or text). */
  readonly lead: PositionedWord[];
}

function colonPairs(segment: TextSegment): SegmentPairs {
  const words = segment.words;
  const colons = words.map((w, i) => (COLON_END.test(w.text) ? i : -1)).filter((i) => i >= 0);
  if (colons.length === 0) return { pairs: [], open: null, lead: [...words] };
  const pairs: KeyValuePair[] = [];
  let floor = 0;
  let lead: PositionedWord[] = [];
  let open: PositionedWord[] | null = null;
  colons.forEach((colon, n) => {
    const start = keyStart(words, colon, floor);
    if (n === 0) lead = words.slice(0, start);
    else if (open && start > floor) {
      pairs.push(pair(open, words.slice(floor, start), 'colon', CONFIDENCE.colon));
      open = null;
    } else if (open) {
      pairs.push(pair(open, [], 'colon', CONFIDENCE.empty));
    }
    open = stripColon(words.slice(start, colon + 1));
    floor = colon + 1;
  });
  if (open && floor < words.length) {
    pairs.push(pair(open, words.slice(floor), 'colon', CONFIDENCE.colon));
    open = null;
  }
  return { pairs, open, lead };
}

function pair(
  key: readonly PositionedWord[],
  value: readonly PositionedWord[],
  arrangement: PairArrangement,
  confidence: number,
): KeyValuePair {
  return {
    key: layoutText(key),
    value: value.length > 0 ? layoutText(value) : null,
    arrangement,
    confidence,
  };
}

function checkboxPairs(segment: TextSegment): KeyValuePair[] | null {
  const boxes = segment.words.map((w, i) => (CHECKBOX.test(w.text) ? i : -1)).filter((i) => i >= 0);
  if (boxes.length === 0) return null;
  const pairs: KeyValuePair[] = [];
  boxes.forEach((at, n) => {
    const caption = segment.words.slice(at + 1, boxes[n + 1] ?? segment.words.length);
    if (caption.length === 0) return;
    const box = segment.words[at];
    const ticked = CHECKED.test(box.text.replace(/[[\]()]/g, ''));
    pairs.push({
      key: layoutText(stripColon(caption)),
      value: { text: ticked ? 'checked' : 'unchecked', box: box.box, words: [box] },
      arrangement: 'checkbox',
      confidence: CONFIDENCE.checkbox,
    });
  });
  return pairs;
}

/**
 * A colon caption whose answer is a marked yes/no, its boxes read on ("POLICE REPORT?: ☐ Yes
 * ☑ No" on a scan of draw 7032, the empty box in the caption's phrase): the boxes answer the
 * caption; they are not captions "Yes" and "No" of their own.
 */
function choiceAfterColon(
  segments: readonly TextSegment[],
  s: number,
): { caption: PositionedWord[]; answer: PositionedWord[]; following: TextSegment[] } | null {
  const { words } = segments[s];
  const colons = words.map((w) => COLON_END.test(w.text));
  const colon = colons.indexOf(true);
  // One caption's colon: a phrase of several pairs is left to colonPairs.
  if (colon < 0 || colon === words.length - 1 || colons.lastIndexOf(true) !== colon) return null;
  const [answer] = withMarkedChoicesJoined([
    makeSegment(words.slice(colon + 1)),
    ...segments.slice(s + 1),
  ]);
  if (!answer || !isMarkedChoice(answer)) return null;
  const answerWords = new Set(answer.words);
  return {
    caption: stripColon(words.slice(0, colon + 1)),
    answer: [...answer.words],
    following: segments.slice(s + 1).filter((next) => next.words.every((w) => answerWords.has(w))),
  };
}

/** A tick box stands at most this many line heights before its caption. */
const BOX_TO_CAPTION = 3;

/**
 * The caption of a tick box printed alone, apart from its caption (a form's drawn box, a
 * fillable form's tick box): the next phrase on its line, when close.
 */
function captionOfLoneBox(
  segments: readonly TextSegment[],
  s: number,
  line: TextLine,
  taken: ReadonlySet<TextSegment>,
): TextSegment | undefined {
  const [box, ...rest] = segments[s].words;
  const next = segments[s + 1];
  if (rest.length > 0 || !box || !CHECKBOX.test(box.text) || !next || taken.has(next)) {
    return undefined;
  }
  if (CHECKBOX.test(next.words[0]?.text ?? '')) return undefined;
  return next.box.x0 - box.box.x1 <= BOX_TO_CAPTION * line.heightInWidthUnits ? next : undefined;
}

/** A caption ending in a preposition ("Written by", "Copies to") awaits the answer after it. */
const AWAITS_OBJECT = /\s(?:by|to|for|from|of|per|with)$/i;

/** The answer may be a plain caption-free text of a different style than its caption. */
function answersCaption(caption: string, answer: string): boolean {
  if (hasValueSignal(answer)) return true;
  if (AWAITS_OBJECT.test(caption)) return !COLON_END.test(answer.split(/\s+/)[0] ?? '');
  if (looksLikeLabelText(answer) && isUpperCase(answer) === isUpperCase(caption)) return false;
  return !COLON_END.test(answer.split(/\s+/)[0] ?? '');
}

/** A caption-like text with nothing of an answer: the next question, not this one's answer. */
function readsAsCaption(text: string): boolean {
  return looksLikeLabelText(text) && !hasValueSignal(text);
}

/**
 * A caption in capitals under a caption in capitals, not written much larger (hand-writing in a
 * box is), is the next caption of a stack ("PROJECT NAME" over "PROJECT LEADER", "EXPLOSIVE"
 * over "FLAMMABLE"), not its answer. On FUNSD's training split (annotated words) same-case
 * stacks printed 1.25 to 1.5 times as tall were 40 wrong pairs to 2 right, and the rule for any
 * letter case gained pairs F1 0.473 -> 0.479; but a boxed form's title-case caption over a
 * title-case answer ("Form Type" over "Personal Auto") is the same shape, and that cost the
 * generated declarations of dev seed 7001 (zero-shot digital field F1 0.961 -> 0.948), so only
 * stacks in capitals are read as captions (FUNSD 0.473 -> 0.476).
 */
function stackedCaption(caption: TextSegment, below: TextSegment): boolean {
  return (
    captionShaped(below.text) &&
    isUpperCase(below.text) &&
    isUpperCase(caption.text) &&
    boxHeight(below.box) < HANDWRITING_RATIO * boxHeight(caption.box)
  );
}

/** Writing in a form's box is at least this many times the height of the printed caption. */
const HANDWRITING_RATIO = 1.5;

/**
 * A Y or an N alone answers the caption over it, whatever its print: OCR boxes a lone capital
 * tighter than a caption with descenders (`N` under `Reported to Police` on the scans of draw
 * 7026 was read shorter than its caption, and the answer was lost on every scan of the layout).
 * A whole `Yes` or `No` is more often an option printed under its question.
 */
const YES_OR_NO = /^[YN]$/;

/**
 * A Y or N under a caption of two words or more: a one-word heading over a lone letter is a
 * column of marks (FUNSD testing: `STOUT` over `N`, a brand ticked in a list).
 */
function yesOrNoAnswer(caption: TextSegment, answer: TextSegment): boolean {
  return YES_OR_NO.test(answer.text) && caption.words.length >= 2;
}

/**
 * An answer under a colon-less caption: it carries a value (digits, amounts, dates), or is a
 * lone Y or N, or is written clearly larger than the caption, or a little larger and does not
 * read as another caption. Two plain text lines one above the other are most often a heading and
 * a subheading, or a wrapped sentence.
 */
function answersBelow(caption: TextSegment, answer: TextSegment): boolean {
  if (/^\p{Ll}/u.test(answer.text)) return false;
  if (hasValueSignal(answer.text) || yesOrNoAnswer(caption, answer)) return true;
  if (stackedCaption(caption, answer)) return false;
  // Handwriting or typing in a boxed form's space is clearly larger than its printed caption.
  if (boxHeight(caption.box) < 0.8 * boxHeight(answer.box)) return true;
  return smallerPrint(caption, answer) && !readsAsCaption(answer.text);
}

/** Captions of boxed forms are often printed smaller than what is written in the box. */
function smallerPrint(caption: TextSegment, answer: TextSegment): boolean {
  return boxHeight(caption.box) < 0.85 * boxHeight(answer.box);
}

/** The segment under `key` on the next lines: left edges close, or overlapping horizontally. */
function segmentBelow(
  key: TextSegment | { box: TextSegment['box'] },
  index: number,
  lines: readonly LineParts[],
  taken: ReadonlySet<TextSegment>,
  maxGapLines: number,
): TextSegment | null {
  const height = boxHeight(key.box);
  for (let i = index + 1; i < lines.length; i += 1) {
    const { line, segments } = lines[i];
    if (line.box.y0 - key.box.y1 > height * maxGapLines) return null;
    const tolerance = line.heightInWidthUnits * 1.5;
    const under = segments.find((s) => !taken.has(s) && alignedUnder(key, s, tolerance));
    if (under) return under;
    // Something else sits under the caption: its answer is not below.
    if (segments.some((s) => horizontalOverlap(s.box, key.box) > 0)) return null;
  }
  return null;
}

/**
 * An answer further right than this (page widths) stands in another column; a figure may stand
 * further off (an amount set flush right on a totals line), but not across the page.
 */
const ANSWER_REACH = 0.3;
const FIGURE_REACH = 0.5;

/**
 * The phrase right of a caption is too far off to be its answer: it belongs to the next column
 * of the form, unless a dotted leader leads the eye across to it.
 */
function outOfReach(caption: TextSegment, answer: TextSegment, line: TextLine): boolean {
  const gap = answer.box.x0 - caption.box.x1;
  if (gap <= (hasValueSignal(answer.text) ? FIGURE_REACH : ANSWER_REACH)) return false;
  return !line.words.some(
    (w) => LEADER.test(w.text) && w.box.x1 > caption.box.x1 && w.box.x0 < answer.box.x0,
  );
}

/**
 * Finds key-value pairs on the lines of one page. `excluded` words (table cells) are not
 * looked at.
 */
export function detectKeyValuePairs(
  lines: readonly TextLine[],
  excluded: ReadonlySet<PositionedWord> = new Set(),
): KeyValuePair[] {
  const parts = lines.map((line) => partsOf(line, excluded));
  const taken = new Set<TextSegment>();
  const pairs: KeyValuePair[] = [];
  const pendingBelow: OpenCaption[] = [];

  parts.forEach(({ line, segments }, index) => {
    segments.forEach((segment, s) => {
      if (taken.has(segment)) return;
      // Ticked boxes beside a yes and a no after a caption answer it ("Police Notified  ☒ Yes
      // ☐ No", a scan's tick boxes read as signs): they are its answer, not two checkbox captions.
      if (s > 0 && isMarkedChoice(segment)) return;
      const choice = choiceAfterColon(segments, s);
      if (choice) {
        [segment, ...choice.following].forEach((taking) => taken.add(taking));
        pairs.push(pair(choice.caption, choice.answer, 'colon', CONFIDENCE.colon));
        return;
      }
      const caption = captionOfLoneBox(segments, s, line, taken);
      const ticks = checkboxPairs(
        caption ? makeSegment([...segment.words, ...caption.words]) : segment,
      );
      if (ticks) {
        taken.add(segment);
        if (caption) taken.add(caption);
        pairs.push(...ticks);
        return;
      }
      const found = colonPairs(segment);
      if (found.pairs.length === 0 && !found.open) return;
      taken.add(segment);
      pairs.push(...found.pairs);
      if (!found.open) return;
      const next = segments[s + 1];
      if (
        next &&
        !taken.has(next) &&
        !outOfReach(segment, next, line) &&
        colonPairs(next).lead.length === next.words.length &&
        !hasOwnAnswer(segments, s + 1)
      ) {
        taken.add(next);
        pairs.push(pair(found.open, next.words, 'colon', CONFIDENCE['colon-next']));
        return;
      }
      pendingBelow.push({
        key: found.open,
        index,
        segment,
        whole: found.pairs.length === 0 && found.lead.length === 0,
      });
    });
  });

  // A row of such captions over a row of answers, each under its own caption.
  const rowAnswered = new Set<OpenCaption>();
  for (const { caption, answer } of captionRowAnswers(pendingBelow, parts, (s) => !taken.has(s))) {
    rowAnswered.add(caption);
    taken.add(answer);
    pairs.push(pair(caption.key, answer.words, 'colon', CONFIDENCE['colon-below']));
  }
  // Captions whose answers sit under them, after every line claimed its own colon answers.
  for (const { key, index } of pendingBelow.filter((caption) => !rowAnswered.has(caption))) {
    const keyText = layoutText(key);
    const below = segmentBelow(keyText, index, parts, taken, 2.5);
    if (
      below &&
      colonPairs(below).pairs.length === 0 &&
      !colonPairs(below).open &&
      !readsAsCaption(below.text)
    ) {
      taken.add(below);
      pairs.push(pair(key, below.words, 'colon', CONFIDENCE['colon-below']));
    } else {
      pairs.push(pair(key, [], 'colon', CONFIDENCE.empty));
    }
  }

  // Colon-less captions glued to their value, once colon captions took the answers under them.
  const answerStarts = new Set(pairs.map((p) => p.value?.words[0]));
  const glued = gluedCaptions(
    parts,
    (segment) => !taken.has(segment),
    (word) => answerStarts.has(word),
  );
  for (const { segment, valueStart } of glued) {
    taken.add(segment);
    const { words } = segment;
    pairs.push(
      pair(words.slice(0, valueStart), words.slice(valueStart), 'right', CONFIDENCE.glued),
    );
  }

  // A line of OCR noise alone (a box edge read `]` at 0.00 between two bands of a harsh scan of
  // draw 7024) stands in no grid: the grids are read as if it were not there.
  const gridParts = parts.filter(
    ({ segments }) => segments.length === 0 || !segments.every(isNoisePhrase),
  );
  // Caption rows over answer rows told by their print, before grids could pair across a line.
  for (const band of styledBands(gridParts, (segment) => !taken.has(segment))) {
    for (const { caption, answer } of band.pairs) {
      taken.add(caption);
      taken.add(answer);
      pairs.push(pair(caption.words, answer.words, 'below', CONFIDENCE.below));
    }
  }

  for (const run of gridRunsBesideBands(gridParts, (segment) => !taken.has(segment))) {
    for (const index of run) {
      const { segments } = gridParts[index];
      for (let k = 0; k + 1 < segments.length; k += 2) {
        taken.add(segments[k]);
        taken.add(segments[k + 1]);
        pairs.push(pair(segments[k].words, segments[k + 1].words, 'right', CONFIDENCE.right));
      }
    }
  }

  for (const band of formBands(gridParts, (segment) => !taken.has(segment))) {
    for (const { caption, answer } of band.pairs) {
      taken.add(caption);
      taken.add(answer);
      pairs.push(pair(caption.words, answer.words, 'below', CONFIDENCE.below));
    }
  }

  // Colon-less captions: an answer to the right on the same line, else one under it. Colon
  // and leader pairs say where a column of captions and its answers stand.
  const columnPairs = pairs.filter((p) => p.arrangement === 'colon');
  parts.forEach(({ line, segments }, index) => {
    segments.forEach((segment, s) => {
      if (taken.has(segment) || !captionShaped(segment.text) || namesAPerson(segment.text)) return;
      const right = segments[s + 1];
      const beside = right && !taken.has(right) && !outOfReach(segment, right, line);
      const answered =
        beside && (isMarkedChoice(right) || answersCaption(segment.text, right.text));
      const byColumns = beside && !answered && inPairedColumns(segment, right, columnPairs, line);
      if (answered || byColumns) {
        taken.add(segment);
        taken.add(right);
        const found = pair(segment.words, right.words, 'right', CONFIDENCE.right);
        pairs.push(found);
        // The columns run on from a line read by them.
        if (byColumns) columnPairs.push(found);
        return;
      }
      const below = segmentBelow(segment, index, parts, taken, 1.8);
      if (below && !headingBlock(segment, below, parts) && answersBelow(segment, below)) {
        taken.add(segment);
        taken.add(below);
        pairs.push(pair(segment.words, below.words, 'below', CONFIDENCE.below));
      }
    });
  });

  for (const { pair: listed, segment } of listedNames(parts, [...pairs], (s) => !taken.has(s))) {
    taken.add(segment);
    pairs.push(listed);
  }
  return pairs.sort((a, b) => a.key.box.y0 - b.key.box.y0 || a.key.box.x0 - b.key.box.x0);
}
