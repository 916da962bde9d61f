import { boxHeight } from '../text-layer/box-geometry';
import type { PositionedWord, TextSegment } from '../text-layer/line-grouper';
import type { KeyValuePair } from './layout.types';
import { layoutText, namesAPerson } from './layout-text';
import type { LineParts } from './line-parts';

/*
 * A caption with several people listed as its answer, one under another ("cc: Mr. A. Brown"
 * over "Ms. C. Dole" over "Dr. E. Fry"; "TO:", "Distribution:", "Copies to"): each further
 * name is one more answer of that caption, not text of its own. Only names are listed this
 * way: the next line of an address or a sentence continues one answer, and stays out.
 */

/** Names of a list are set close: the gap to the next one is under this many line heights. */
const ITEM_GAP = 0.8;
/** Left edges of a list's names agree within this many line heights. */
const ALIGNED = 1.5;

function lineOf(parts: readonly LineParts[], word: PositionedWord): number {
  return parts.findIndex(({ segments }) => segments.some((s) => s.words.includes(word)));
}

/** The names listed under `pair`'s value, top down, until the list ends. */
function namesUnder(
  pair: KeyValuePair,
  parts: readonly LineParts[],
  isFree: (segment: TextSegment) => boolean,
): TextSegment[] {
  const value = pair.value!;
  const names: TextSegment[] = [];
  let previous: { readonly box: TextSegment['box'] } = value;
  for (
    let index = lineOf(parts, value.words[0]) + 1;
    index > 0 && index < parts.length;
    index += 1
  ) {
    const { line, segments } = parts[index];
    if (line.box.y0 - previous.box.y1 > boxHeight(previous.box) * ITEM_GAP) break;
    const tolerance = line.heightInWidthUnits * ALIGNED;
    // Anything under the caption's column starts the next caption: the list has ended.
    if (segments.some((s) => s.box.x0 < value.box.x0 - tolerance && s.box.x1 > pair.key.box.x0)) {
      break;
    }
    const name = segments.find((s) => Math.abs(s.box.x0 - value.box.x0) <= tolerance);
    if (!name || !isFree(name) || !namesAPerson(name.text)) break;
    names.push(name);
    previous = name;
  }
  return names;
}

/**
 * One more pair per name listed under a caption's first name, each at the confidence of the
 * caption's pair, for captions whose first answer is a person's name to the caption's right.
 */
export function listedNames(
  parts: readonly LineParts[],
  pairs: readonly KeyValuePair[],
  isFree: (segment: TextSegment) => boolean,
): Array<{ pair: KeyValuePair; segment: TextSegment }> {
  const added: Array<{ pair: KeyValuePair; segment: TextSegment }> = [];
  for (const pair of pairs) {
    const { value } = pair;
    if (!value || pair.arrangement === 'checkbox' || pair.arrangement === 'below') continue;
    if (value.box.x0 <= pair.key.box.x1 || !namesAPerson(value.text)) continue;
    for (const segment of namesUnder(pair, parts, isFree)) {
      added.push({ segment, pair: { ...pair, value: layoutText(segment.words) } });
    }
  }
  return added;
}
