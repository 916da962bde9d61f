import type { CornerBox } from '@docket/platform';

import type { TextWord } from '../text-layer/text-layer.types';
import type { FieldType } from './field-schema.types';

export interface MoneyValue {
  readonly amount: number;
  /** ISO 4217. */
  readonly currency: string;
}

export type ScalarValue = string | number | boolean | MoneyValue;
export type TableRowValue = Readonly<Record<string, ScalarValue | null>>;
export type ObjectValue = Readonly<Record<string, ScalarValue | null>>;
export type FieldValue = ScalarValue | readonly TableRowValue[] | ObjectValue;

/** Where a value came from on the page. */
export interface Grounding {
  /** Absent when the source document has no id (ad-hoc input). */
  readonly documentId?: string;
  readonly page: number;
  /** Union of the words' boxes, normalised 0..1, origin top-left. */
  readonly box: CornerBox;
  readonly words: readonly TextWord[];
}

export type ExtractionSource =
  | 'label-right'
  | 'label-below'
  | 'pattern'
  | 'table'
  | 'section'
  | 'hosted'
  | 'layout-memory'
  | 'not-found';

export interface ExtractedCell {
  readonly value: ScalarValue | null;
  readonly text: string;
  readonly confidence: number;
  readonly grounding?: Grounding;
}

export interface ExtractedRow {
  readonly cells: Readonly<Record<string, ExtractedCell>>;
  readonly confidence: number;
  readonly grounding?: Grounding;
}

/** The doubt of a field with no value; the validator says the same of any empty field. */
export const NOT_FOUND_DOUBT = 'not found on the page';

/**
 * The doubt of a value read under a caption that matched its field only weakly, worded here
 * once for the readings at captions and by meaning, and read back by layout memory (which may
 * find the review settled it).
 */
export function weakCaptionDoubt(caption: string, score: number): string {
  return `weak caption match: "${caption}" (${score.toFixed(2)})`;
}

const WEAK_CAPTION_DOUBT = /^weak caption match: "(.+)" \((\d+(?:\.\d+)?)\)$/;

/** The caption and its score, when `doubt` is a weak caption match's. */
export function weakCaptionOf(doubt: string): { caption: string; score: number } | null {
  const match = WEAK_CAPTION_DOUBT.exec(doubt);
  return match ? { caption: match[1]!, score: Number(match[2]) } : null;
}

export interface ExtractedField {
  readonly key: string;
  readonly type: FieldType;
  readonly value: FieldValue | null;
  /** The text the value was parsed from, as printed. */
  readonly text?: string;
  readonly confidence: number;
  /** Absent for item-level fields. */
  readonly documentId?: string;
  /** For a table spanning pages: the part on its first page; rows carry their own. */
  readonly grounding?: Grounding;
  readonly source: ExtractionSource;
  /** Table rows with per-cell confidence and grounding. */
  readonly rows?: readonly ExtractedRow[];
  /** Object sub-fields with their own confidence and grounding. */
  readonly properties?: readonly ExtractedField[];
  /** Why confidence is reduced (fuzzy label, OCR correction, pattern fallback, ...). */
  readonly notes: readonly string[];
  /**
   * Why the engine itself doubts this value (missing, ambiguous, not of the field's type, weak
   * caption match): each becomes a flag reason, so the document goes to review.
   */
  readonly doubts?: readonly string[];
}
