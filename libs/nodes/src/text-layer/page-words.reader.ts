import { GetPageWordsV1 } from '@docket/contracts';
import type { TextPage } from '@docket/document-intelligence';
import { Actor, RpcClient } from '@docket/platform';

/** Pages fetched at once: bounded so a long file does not flood the files service. */
const PARALLEL_PAGES = 8;

/**
 * The word layer of some pages of a file, read from the files service (which renders and OCRs
 * them) as `actor`: the preview reads as its caller, a run as its organization's system actor.
 * `afterBatch` runs after each batch of pages (a run's activity heartbeats there).
 */
export async function readPageWords(
  rpc: RpcClient,
  actor: Actor,
  fileId: string,
  pageNumbers: readonly number[],
  afterBatch: () => void = () => undefined,
): Promise<TextPage[]> {
  const pages: TextPage[] = [];
  for (let start = 0; start < pageNumbers.length; start += PARALLEL_PAGES) {
    const batch = await Promise.all(
      pageNumbers
        .slice(start, start + PARALLEL_PAGES)
        .map((pageNumber) => rpc.call(GetPageWordsV1, { fileId, pageNumber }, actor)),
    );
    afterBatch();
    pages.push(
      ...batch.map((page) => ({
        pageNumber: page.pageNumber,
        width: page.width,
        height: page.height,
        source: page.source === 'ocr' ? ('ocr' as const) : ('pdf-text' as const),
        words: page.words,
      })),
    );
  }
  return pages;
}

/** The page numbers firstPage..lastPage (none when the range is empty). */
export function pageRange(firstPage: number, lastPage: number): number[] {
  return Array.from({ length: Math.max(0, lastPage - firstPage + 1) }, (_, i) => firstPage + i);
}
