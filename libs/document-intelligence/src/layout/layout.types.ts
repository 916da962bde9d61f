import type { CornerBox } from '@docket/platform';

import type { PositionedWord } from '../text-layer/line-grouper';

/**
 * The schema-free layout of a page: what a person sees before knowing which fields matter.
 * Boxes are the text layer's normalised page boxes (0..1, origin top-left).
 */

/** A run of words read as one piece of text (a label, a value, a cell). */
export interface LayoutText {
  readonly text: string;
  readonly box: CornerBox;
  readonly words: readonly PositionedWord[];
}

/** How the answer sits relative to its caption (a dotted leader counts as a colon). */
export type PairArrangement = 'colon' | 'right' | 'below' | 'checkbox';

export interface KeyValuePair {
  readonly key: LayoutText;
  /** Null for a label printed with an empty answer space. */
  readonly value: LayoutText | null;
  readonly arrangement: PairArrangement;
  /** 0..1: how sure the analysis is that key and value belong together. */
  readonly confidence: number;
}

export interface LayoutCell extends LayoutText {
  readonly rowIndex: number;
  readonly columnIndex: number;
  readonly rowSpan: number;
  readonly columnSpan: number;
  readonly isHeader: boolean;
}

export interface LayoutTable {
  readonly box: CornerBox;
  readonly rows: number;
  readonly columns: number;
  /** Number of leading header rows (a two-line header is merged into one). */
  readonly headerRows: number;
  readonly cells: readonly LayoutCell[];
}

export interface PageLayout {
  readonly pageNumber: number;
  readonly width: number;
  readonly height: number;
  readonly keyValuePairs: readonly KeyValuePair[];
  readonly tables: readonly LayoutTable[];
  /** Text blocks in the order a person reads them (columns before the next band). */
  readonly readingOrder: readonly LayoutText[];
}
