import type { TextLayerSource, TextPage, TextWord } from '../text-layer/text-layer.types';

/** A run of text placed at (x, y) points from the top-left, as a PDF generator would draw it. */
export interface PlacedText {
  readonly x: number;
  readonly y: number;
  readonly text: string;
  readonly size?: number;
  readonly confidence?: number;
}

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
/** Average Helvetica advance per character, in ems; close enough for geometry tests. */
const CHAR_WIDTH = 0.55;
const SPACE_WIDTH = 0.28;

export function placedWords(run: PlacedText): TextWord[] {
  const size = run.size ?? 10;
  const words: TextWord[] = [];
  let x = run.x;
  for (const text of run.text.split(' ')) {
    if (text.length === 0) {
      x += SPACE_WIDTH * size;
      continue;
    }
    const width = text.length * CHAR_WIDTH * size;
    words.push({
      text,
      box: {
        x0: x / PAGE_WIDTH,
        y0: run.y / PAGE_HEIGHT,
        x1: (x + width) / PAGE_WIDTH,
        y1: (run.y + size) / PAGE_HEIGHT,
      },
      confidence: run.confidence ?? 1,
    });
    x += width + SPACE_WIDTH * size;
  }
  return words;
}

/** Builds a text-layer page from placed runs. */
export function makePage(
  runs: readonly PlacedText[],
  pageNumber = 1,
  source: TextLayerSource = 'pdf-text',
): TextPage {
  return {
    pageNumber,
    width: PAGE_WIDTH,
    height: PAGE_HEIGHT,
    source,
    words: runs.flatMap(placedWords),
  };
}
