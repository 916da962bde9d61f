import type { DocumentPages } from '@docket/document-intelligence';
import { pageRange, readPageWords } from '@docket/nodes';
import { RpcClient } from '@docket/platform';
import { Injectable } from '@nestjs/common';

import type { RunDocument, RunRef } from '../workflows/flow-activities.types';
import { systemActor } from './system-actor';

/**
 * The word-level text layer of a run's documents, read from the files service (which renders
 * and OCRs pages) as the run's organization; the AI nodes work on it.
 */
@Injectable()
export class DocumentTextSource {
  constructor(private readonly rpc: RpcClient) {}

  async pagesOf(run: RunRef, document: RunDocument, heartbeat: () => void): Promise<DocumentPages> {
    const first = document.firstPage ?? 1;
    const last = document.lastPage ?? document.pageCount ?? 1;
    const pages = await readPageWords(
      this.rpc,
      systemActor(run.organizationId),
      document.fileId,
      pageRange(first, last),
      heartbeat,
    );
    return { documentId: document.documentId, pages };
  }
}
