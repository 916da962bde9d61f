import type { TextPage } from '@docket/document-intelligence';
import { extractTextLayer } from '@docket/document-processing';

const BENCH_TIMEOUT_MS = 30 * 60_000;

/**
 * The production text layer: `@docket/document-processing` reads the PDF's own words, and OCRs
 * pages without text (tesseract.js, eng). The benchmark measures the engine on exactly what the
 * worker will feed it.
 */
export async function readTextLayer(
  pdf: Uint8Array,
  lowResolutionOcrDpi?: number,
): Promise<TextPage[]> {
  // Production's limits (a page in a minute, a document in five) are for a service; a benchmark
  // on a busy shared machine waits for its pages however long they take.
  const pages = await extractTextLayer(pdf, {
    ocrDpi: 200,
    ...(lowResolutionOcrDpi === undefined ? {} : { lowResolutionOcrDpi }),
    pageTimeoutMs: BENCH_TIMEOUT_MS,
    timeoutMs: BENCH_TIMEOUT_MS,
  });
  return pages.map((page) => ({ ...page, words: [...page.words] }));
}
