import type { CornerBox } from '@docket/platform';

/**
 * The word-level text layer produced by `@docket/document-processing`. Its words and pages are
 * declared here with the same structure (its box is the one CornerBox), so the engine states what it reads;
 * TypeScript's structural typing makes the two interchangeable.
 */

export interface TextWord {
  readonly text: string;
  readonly box: CornerBox;
  /** 0..1; digital text is usually 1, OCR words carry the engine's confidence. */
  readonly confidence: number;
}

/** A word with its position in the page's word array, so results can point back at the source. */
export interface PositionedWord extends TextWord {
  /** Position in `page.words`; the second half of a glued "Label:value" word gets index + 0.5. */
  readonly index: number;
  readonly pageNumber: number;
}

export type TextLayerSource = 'pdf-text' | 'ocr';

export interface TextPage {
  /** 1-based page number within the file. */
  readonly pageNumber: number;
  /** Page size in PDF points; used only where aspect ratio matters. */
  readonly width: number;
  readonly height: number;
  readonly source: TextLayerSource;
  readonly words: readonly TextWord[];
}

/** One logical document: a whole file, or a page range the splitter found inside one. */
export interface DocumentPages {
  /** Absent for ad-hoc input; present when fields must be grounded to a stored document. */
  readonly documentId?: string;
  readonly pages: readonly TextPage[];
}
