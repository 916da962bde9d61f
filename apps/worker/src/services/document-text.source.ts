import { GetPageWordsV1 } from '@docket/contracts';
import type { DocumentPages, TextPage } from '@docket/document-intelligence';
import { RpcClient } from '@docket/platform';
import { Injectable } from '@nestjs/common';

import type { RunDocument, RunRef } from '../workflows/flow-activities.types';
import { systemActor } from './system-actor';

/** Pages fetched at once per document: bounded so a long file does not flood the files service. */
const PARALLEL_PAGES = 8;

/**
 * The word-level text layer of a run's documents, read from the files service (which renders
 * and OCRs pages); the AI nodes work on it.
 */
@Injectable()
export class DocumentTextSource {
  constructor(private readonly rpc: RpcClient) {}

  async pagesOf(run: RunRef, document: RunDocument, heartbeat: () => void): Promise<DocumentPages> {
    const first = document.firstPage ?? 1;
    const last = document.lastPage ?? document.pageCount ?? 1;
    const numbers = Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => first + i);
    const pages: TextPage[] = [];
    for (let start = 0; start < numbers.length; start += PARALLEL_PAGES) {
      const batch = await Promise.all(
        numbers
          .slice(start, start + PARALLEL_PAGES)
          .map((pageNumber) =>
            this.rpc.call(
              GetPageWordsV1,
              { fileId: document.fileId, pageNumber },
              systemActor(run.organizationId),
            ),
          ),
      );
      heartbeat();
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
    return { documentId: document.documentId, pages };
  }
}
