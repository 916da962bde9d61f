import type { RunnerOcrWord } from '../runner/runner-protocol';

/**
 * The page runner erases dotted leaders before OCR and reports each as a word of dots after
 * tesseract's words, boxed tightly around the dots, which sit on the baseline. A PDF's own text
 * gives a leader the height of its line and its place in reading order, between the caption and
 * the answer; this puts OCR leaders there too: each takes the vertical extent of the word it
 * leads from (or, without one, leads to) and is moved into the word order right after it.
 * Works in the OCR image's pixels.
 */

const LEADER = /^[.…·_]{3,}$/;
/** Largest horizontal gap between a leader and the word it belongs to, in line heights. */
const MAX_GAP_OF_HEIGHT = 3;

function height(word: RunnerOcrWord): number {
  return word.bbox.y1 - word.bbox.y0;
}

/** The leader's dots lie within the word's line: between its top and a little below its bottom. */
function sameLine(leader: RunnerOcrWord, word: RunnerOcrWord): boolean {
  const middle = (leader.bbox.y0 + leader.bbox.y1) / 2;
  return middle >= word.bbox.y0 && middle <= word.bbox.y1 + 0.25 * height(word);
}

function neighbour(
  leader: RunnerOcrWord,
  words: readonly RunnerOcrWord[],
  side: 'left' | 'right',
): number {
  let best = -1;
  let bestGap = Infinity;
  words.forEach((word, index) => {
    if (LEADER.test(word.text) || height(word) <= height(leader) || !sameLine(leader, word)) return;
    const gap = side === 'left' ? leader.bbox.x0 - word.bbox.x1 : word.bbox.x0 - leader.bbox.x1;
    if (gap < -0.5 * height(word) || gap > MAX_GAP_OF_HEIGHT * height(word)) return;
    if (gap < bestGap) {
      bestGap = gap;
      best = index;
    }
  });
  return best;
}

export function placeLeaders(words: readonly RunnerOcrWord[]): RunnerOcrWord[] {
  const leaders = words.filter((word) => LEADER.test(word.text));
  const others = words.filter((word) => !LEADER.test(word.text));
  const after = new Map<number, RunnerOcrWord[]>();
  const before = new Map<number, RunnerOcrWord[]>();
  const unplaced: RunnerOcrWord[] = [];
  for (const leader of leaders) {
    const left = neighbour(leader, others, 'left');
    const right = left < 0 ? neighbour(leader, others, 'right') : -1;
    const anchor = left >= 0 ? left : right;
    if (anchor < 0) {
      unplaced.push(leader);
      continue;
    }
    const line = others[anchor]!;
    const placed = { ...leader, bbox: { ...leader.bbox, y0: line.bbox.y0, y1: line.bbox.y1 } };
    const slot = left >= 0 ? after : before;
    slot.set(anchor, [...(slot.get(anchor) ?? []), placed]);
  }
  const result: RunnerOcrWord[] = [];
  others.forEach((word, index) => {
    result.push(...(before.get(index) ?? []), word, ...(after.get(index) ?? []));
  });
  return [...result, ...unplaced];
}
