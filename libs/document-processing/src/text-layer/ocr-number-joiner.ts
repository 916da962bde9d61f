import type { RunnerOcrWord } from '../runner/runner-protocol';

/**
 * OCR engines split printed numbers at their separators when the scan widens the gap after a
 * comma, point or hyphen: "$7," "783.92", "2026-" "01-" "10", "$" "1,200". Every later stage
 * (layout pairs, value parsing, grounding) would then see two words where the page has one value.
 * Joined here: two neighbours on one line whose gap is narrower than a word space, where the
 * junction continues a number (a separator between digits, or a currency sign before digits).
 * Works in the OCR image's pixels, where horizontal and vertical distances compare directly.
 */

/** Largest gap joined, as a share of the words' height (a word space is about 0.25–0.35 em). */
const MAX_GAP_OF_HEIGHT = 0.45;
/** Least vertical overlap of two words on the same line, as a share of the shorter one. */
const MIN_LINE_OVERLAP = 0.6;

const ENDS_WITH_DIGIT_AND_SEPARATOR = /\d[,.\-/:]$/;
const STARTS_WITH_DIGIT = /^\d/;
const ENDS_WITH_DIGIT = /\d$/;
const STARTS_WITH_SEPARATOR_AND_DIGIT = /^[,.\-/:]\d/;
const CURRENCY_SIGN = /^[$€£¥]$/;

export function joinSplitNumbers(words: readonly RunnerOcrWord[]): RunnerOcrWord[] {
  const joined: RunnerOcrWord[] = [];
  for (const word of words) {
    const previous = joined[joined.length - 1];
    if (previous && continuesNumber(previous, word)) {
      joined[joined.length - 1] = merge(previous, word);
    } else {
      joined.push(word);
    }
  }
  return joined;
}

function continuesNumber(left: RunnerOcrWord, right: RunnerOcrWord): boolean {
  const a = left.text.trim();
  const b = right.text.trim();
  const junction =
    (ENDS_WITH_DIGIT_AND_SEPARATOR.test(a) && STARTS_WITH_DIGIT.test(b)) ||
    (ENDS_WITH_DIGIT.test(a) && STARTS_WITH_SEPARATOR_AND_DIGIT.test(b)) ||
    (CURRENCY_SIGN.test(a) && STARTS_WITH_DIGIT.test(b));
  return junction && onOneLine(left, right) && closeEnough(left, right);
}

function onOneLine(left: RunnerOcrWord, right: RunnerOcrWord): boolean {
  const overlap = Math.min(left.bbox.y1, right.bbox.y1) - Math.max(left.bbox.y0, right.bbox.y0);
  const shorter = Math.min(left.bbox.y1 - left.bbox.y0, right.bbox.y1 - right.bbox.y0);
  return shorter > 0 && overlap >= MIN_LINE_OVERLAP * shorter;
}

function closeEnough(left: RunnerOcrWord, right: RunnerOcrWord): boolean {
  const gap = right.bbox.x0 - left.bbox.x1;
  const height = Math.max(left.bbox.y1 - left.bbox.y0, right.bbox.y1 - right.bbox.y0);
  return gap >= -0.2 * height && gap <= MAX_GAP_OF_HEIGHT * height;
}

function merge(left: RunnerOcrWord, right: RunnerOcrWord): RunnerOcrWord {
  return {
    text: `${left.text.trim()}${right.text.trim()}`,
    bbox: {
      x0: Math.min(left.bbox.x0, right.bbox.x0),
      y0: Math.min(left.bbox.y0, right.bbox.y0),
      x1: Math.max(left.bbox.x1, right.bbox.x1),
      y1: Math.max(left.bbox.y1, right.bbox.y1),
    },
    // The joined value is only as sure as its least certain part.
    confidence: Math.min(left.confidence, right.confidence),
  };
}
