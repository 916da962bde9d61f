import type { TextPage } from '@docket/document-intelligence';
import { extractTextLayer } from '@docket/document-processing';

/**
 * The production text layer: `@docket/document-processing` reads the PDF's own words, and OCRs
 * pages without text (tesseract.js, eng). The benchmark measures the engine on exactly what the
 * worker will feed it.
 */
export async function readTextLayer(pdf: Uint8Array): Promise<TextPage[]> {
  const pages = await extractTextLayer(pdf, { ocrDpi: 200 });
  return pages.map((page) => ({ ...page, words: [...page.words] }));
}
