// The text-layer shape is a contract: the document-intelligence library consumes it. Change it
// only together with that library.

/**
 * A rectangle by its corners, normalised to the page: 0..1 on both axes, origin at the top-left
 * corner. The one corner box of the code base: the text layer makes it, and the engine, the
 * services and the contracts (which turn it into the public {x, y, width, height}) import it.
 */
export interface CornerBox {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

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
