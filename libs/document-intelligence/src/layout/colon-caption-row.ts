import { boxHeight, unionBox } from '../text-layer/box-geometry';
import type { PositionedWord, TextSegment } from '../text-layer/line-grouper';
import { alignedUnder } from './caption-grid';
import { COLON_END } from './layout-text';
import type { LineParts } from './line-parts';

/*
 * A row of colon captions with nothing beside them over a row of answers, each answer under
 * its own caption: "AD#:  CAPTION:  SPACE:  DATE:" over "NPT-533-7  FOUNTAIN COUPLE  P5CE  JUNE
 * 1995" (FUNSD 93106788). Answered one caption at a time, an answer in capitals read as a
 * caption of its own and a small caption's answer stood too far under it; the row says which
 * phrase answers which caption.
 */

/** A colon caption whose answer was not beside it, on line `index`. */
export interface OpenCaption {
  readonly key: readonly PositionedWord[];
  readonly index: number;
  /** The phrase the caption ends. */
  readonly segment: TextSegment;
  /** The phrase is the caption alone, nothing before it. */
  readonly whole: boolean;
}

export interface RowAnswer {
  readonly caption: OpenCaption;
  readonly answer: TextSegment;
}

/** How far under the caption row (in its heights) the answer row may start. */
const ROW_GAP_HEIGHTS = 3;

function lastText(segment: TextSegment): string {
  return segment.words[segment.words.length - 1]?.text ?? '';
}

/** The captions of line `index` when each of its phrases is one of them, two or more. */
function captionRow(
  open: readonly OpenCaption[],
  parts: readonly LineParts[],
  index: number,
): OpenCaption[] | null {
  const row = open.filter((caption) => caption.index === index);
  const { segments } = parts[index];
  if (row.length < 2 || row.length !== segments.length) return null;
  const whole = segments.every((segment) =>
    row.some((caption) => caption.whole && caption.segment === segment),
  );
  return whole ? row : null;
}

/**
 * The answers of each caption row among `open`: the next line, close under the row, whose
 * phrases each stand under a different caption of it, nothing elsewhere and no phrase itself a
 * colon caption. Two answers at least; a row answered so is answered whole or not at all.
 */
export function captionRowAnswers(
  open: readonly OpenCaption[],
  parts: readonly LineParts[],
  isFree: (segment: TextSegment) => boolean,
): RowAnswer[] {
  const answers: RowAnswer[] = [];
  for (const index of new Set(open.map((caption) => caption.index))) {
    const row = captionRow(open, parts, index);
    const above = parts[index];
    const below = parts[index + 1];
    if (!row || !below || below.line.pageNumber !== above.line.pageNumber) continue;
    if (below.line.box.y0 - above.line.box.y1 > ROW_GAP_HEIGHTS * boxHeight(above.line.box))
      continue;
    // Each caption's box, once for every phrase under the row.
    const boxes = new Map(row.map((c) => [c, unionBox(c.key.map((w) => w.box))!] as const));
    const tolerance = above.line.heightInWidthUnits * 1.5;
    const found: RowAnswer[] = [];
    for (const answer of below.segments) {
      const under = row.filter((caption) =>
        alignedUnder({ box: boxes.get(caption)! }, answer, tolerance),
      );
      if (under.length !== 1 || !isFree(answer) || COLON_END.test(lastText(answer))) break;
      if (found.some((f) => f.caption === under[0])) break;
      found.push({ caption: under[0], answer });
    }
    if (found.length >= 2 && found.length === below.segments.length) answers.push(...found);
  }
  return answers;
}
