// The text-layer shape is a contract: the document-intelligence library consumes it. Change it
// only together with that library.

import type { CornerBox } from '@docket/platform';

export interface TextWord {
  readonly text: string;
  readonly box: CornerBox;
  /** 0..1; words from the PDF's own text are certain (1). */
  readonly confidence: number;
}

export type TextLayerSource = 'pdf-text' | 'ocr';

export interface TextLayerPage {
  /** 1-based. */
  readonly pageNumber: number;
  /** Pixel size of the page image rendered at the requested DPI (the same as RenderedPage). */
  readonly width: number;
  readonly height: number;
  readonly source: TextLayerSource;
  /** In reading order as the source gives it. */
  readonly words: readonly TextWord[];
}

export function clampUnit(value: number): number {
  return Math.min(1, Math.max(0, value));
}

/**
 * The box around points given in a page's or image's own units (`width` by `height`, origin
 * top-left), normalised to the page: every source of words reports its boxes through this.
 */
export function normalisedBox(
  xs: readonly number[],
  ys: readonly number[],
  width: number,
  height: number,
): CornerBox {
  return {
    x0: clampUnit(Math.min(...xs) / width),
    y0: clampUnit(Math.min(...ys) / height),
    x1: clampUnit(Math.max(...xs) / width),
    y1: clampUnit(Math.max(...ys) / height),
  };
}
