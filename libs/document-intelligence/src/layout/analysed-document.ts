import type { TextLine } from '../text-layer/line-grouper';
import type { DocumentPages } from '../text-layer/text-layer.types';
import { type AnalysedPage, analysePages } from './analysed-page';
import type { PageLayout } from './layout.types';

/**
 * The first stage of extraction: a document's text layer read once into lines and each page's
 * layout (key-value pairs, tables). Every later stage takes this; none groups lines again.
 */
export interface AnalysedDocument {
  readonly documentId?: string;
  readonly pages: readonly AnalysedPage[];
  /** Every page's lines, in page order. */
  readonly lines: readonly TextLine[];
  /** Each page's layout, in page order. */
  readonly layouts: readonly PageLayout[];
  /** Some page is OCR output, so its captions may carry OCR slips. */
  readonly fromOcr: boolean;
}

export function analyseDocument(document: DocumentPages): AnalysedDocument {
  const pages = analysePages(document.pages);
  return {
    ...(document.documentId === undefined ? {} : { documentId: document.documentId }),
    pages,
    lines: pages.flatMap((p) => p.lines),
    layouts: pages.map((p) => p.layout),
    fromOcr: document.pages.some((p) => p.source === 'ocr'),
  };
}
