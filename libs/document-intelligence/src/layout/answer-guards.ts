import type { TextSegment } from '../text-layer/line-grouper';
import { parseDate } from '../values/date-normaliser';
import type { GridLine } from './caption-grid';
import { captionShaped, hasValueSignal, namesAPerson } from './layout-text';

/*
 * Phrases that look like an answer of the caption next to them but are not: a caption that has
 * its own answer, and the lines of a heading set as a centred block.
 */

/** A value further right than this (page widths) is not read as the caption's own answer. */
const OWN_ANSWER_REACH = 0.2;
/** Words in a short caption or a short value. */
const SHORT = 3;
/** Centres and left edges of a block's lines compare within this many line heights. */
const BLOCK_TOLERANCE = 1.5;

/**
 * The phrase at `s` is a short caption with a short value close after it ("No.  6", "Date
 * 5/3/90"): a caption with its own answer, not the answer of the caption before it, which is
 * then left without one. A name with initials stays an answer.
 */
export function hasOwnAnswer(segments: readonly TextSegment[], s: number): boolean {
  const segment = segments[s];
  const next = segments[s + 1];
  return (
    segment.words.length <= SHORT &&
    captionShaped(segment.text) &&
    !namesAPerson(segment.text) &&
    next !== undefined &&
    next.words.length <= SHORT &&
    hasValueSignal(next.text) &&
    next.box.x0 - segment.box.x1 <= OWN_ANSWER_REACH
  );
}

/** A caption naming a date: "Start Date", "Date of Loss", "Dated", "Eff. Dt.". */
const NAMES_A_DATE = /\b(?:date|dated|dt)\b/i;

/**
 * The phrase at `s` is a caption naming a date, with a date right after it ("Start Date
 * 2024-11-16"): a caption beside its own answer. Such a line is no row of answers under a
 * band's captions: read as one, "Start Date" became the insurer under "Writing Company" and
 * the agent's name under "Agent Name" another caption, on every declarations page of a
 * layout of draw 7015, unflagged.
 */
export function datedBesideItsDate(segments: readonly TextSegment[], s: number): boolean {
  const segment = segments[s];
  const next = segments[s + 1];
  if (!next || !captionShaped(segment.text) || !NAMES_A_DATE.test(segment.text)) return false;
  const parsed = parseDate(next.text.trim());
  return parsed !== null && parsed.start === 0 && parsed.end >= next.text.trim().length - 1;
}

function aloneOnItsLine(segment: TextSegment, parts: readonly GridLine[]): GridLine | undefined {
  return parts.find(({ segments }) => segments.length === 1 && segments[0] === segment);
}

const centre = (segment: TextSegment): number => (segment.box.x0 + segment.box.x1) / 2;

/**
 * Two phrases, each alone on its line, centred on one axis with different left edges: a
 * heading over its subtitle, a letterhead over its address. A caption starts where its answer
 * starts, so such a block is not a caption over its answer.
 */
export function headingBlock(
  upper: TextSegment,
  lower: TextSegment,
  parts: readonly GridLine[],
): boolean {
  const line = aloneOnItsLine(upper, parts);
  if (!line || !aloneOnItsLine(lower, parts)) return false;
  const tolerance = line.line.heightInWidthUnits * BLOCK_TOLERANCE;
  return (
    Math.abs(centre(upper) - centre(lower)) <= tolerance &&
    Math.abs(upper.box.x0 - lower.box.x0) > tolerance
  );
}
