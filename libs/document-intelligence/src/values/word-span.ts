import type { Grounding } from '../schema/extraction-result.types';
import { unionBox } from '../text-layer/box-geometry';
import type { PositionedWord } from '../text-layer/line-grouper';

/** Words joined with single spaces, the text every parser sees. */
export function joinWords(words: readonly PositionedWord[]): string {
  return words.map((w) => w.text).join(' ');
}

/** The words whose characters overlap `[start, end)` of `joinWords(words)`. */
export function wordsInSpan(
  words: readonly PositionedWord[],
  start: number,
  end: number,
): PositionedWord[] {
  const result: PositionedWord[] = [];
  let offset = 0;
  for (const word of words) {
    const wordEnd = offset + word.text.length;
    if (wordEnd > start && offset < end) result.push(word);
    offset = wordEnd + 1;
  }
  return result;
}

export function meanConfidence(words: readonly PositionedWord[]): number {
  if (words.length === 0) return 0;
  return words.reduce((sum, w) => sum + Math.min(1, Math.max(0, w.confidence)), 0) / words.length;
}

export function wordKey(word: PositionedWord): string {
  return `${word.pageNumber}:${word.index}`;
}

/** Grounding on the page of the first word; words on other pages are left to their own groundings. */
export function groundingOf(
  words: readonly PositionedWord[],
  documentId: string | undefined,
): Grounding | undefined {
  if (words.length === 0) return undefined;
  const page = words[0].pageNumber;
  const onPage = words.filter((w) => w.pageNumber === page);
  return {
    ...(documentId === undefined ? {} : { documentId }),
    page,
    box: unionBox(onPage.map((w) => w.box))!,
    words: onPage.map(({ text, box, confidence }) => ({ text, box, confidence })),
  };
}
