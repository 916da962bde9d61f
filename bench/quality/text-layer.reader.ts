import type { TextPage } from '@docket/document-intelligence';
import { extractTextLayer } from '@docket/document-processing';

/**
 * The production text layer: `@docket/document-processing` reads the PDF's own words, and OCRs
 * pages without text (tesseract.js, eng). The benchmark measures the engine on exactly what the
 * worker will feed it.
 */
export async function readTextLayer(pdf: Uint8Array): Promise<TextPage[]> {
  // A page may wait minutes for the CPU on a machine shared with other work: the bench measures
  // what is read, so it waits rather than failing the run.
  const pages = await extractTextLayer(pdf, {
    ocrDpi: 200,
    pageTimeoutMs: 600_000,
    timeoutMs: 1_800_000,
  });
  return pages.map((page) => ({ ...page, words: [...page.words] }));
}
