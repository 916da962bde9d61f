import { DocumentRange, SplitDocumentsRequest, SplitDocumentsResponse } from '@docket/contracts';
import { ServiceTransactions } from '@docket/persistence';
import { Actor, DocketException } from '@docket/platform';
import { Injectable } from '@nestjs/common';

import { WorkspaceAccess } from '../access/workspace-access';
import { DocumentRepository, DocumentSpec } from '../database/document.repository';
import { FileRepository } from '../database/file.repository';
import { DocumentEntity } from '../database/files.entities';
import { toDocumentRecord } from '../reading/file-reader.service';

/**
 * files.documents.split.v1: after classification, a file's pages are grouped into documents.
 * The ranges must tile the pages exactly (each page in one document), so page lists filtered by
 * document and the documentId of every page stay unambiguous.
 */
@Injectable()
export class DocumentSplitService {
  constructor(
    private readonly transactions: ServiceTransactions,
    private readonly files: FileRepository,
    private readonly access: WorkspaceAccess,
    private readonly documents: DocumentRepository,
  ) {}

  async split(actor: Actor, request: SplitDocumentsRequest): Promise<SplitDocumentsResponse> {
    const file = await this.access.visibleFile(actor, request.fileId);
    if (file.status !== 'READY' || !file.pageCount) {
      throw DocketException.conflict(
        `Only a READY file with pages can be split into documents (this one is ${file.status}` +
          `${file.status === 'READY' ? ' without pages' : ''})`,
      );
    }
    const specs = tilingOf(request.documents, file.pageCount);
    const documents = await this.transactions.run(async (manager) => {
      // Serialises concurrent splits of one file.
      await this.files.lock(manager, file.id);
      const current = await this.documents.forFile(file.id, manager);
      if (sameSplit(current, specs)) return current;
      return this.documents.replace(manager, file.id, file.organizationId, specs);
    });
    return { fileId: file.id, documents: documents.map(toDocumentRecord) };
  }
}

function tilingOf(ranges: DocumentRange[], pageCount: number): DocumentSpec[] {
  let expected = 1;
  for (const [index, range] of ranges.entries()) {
    if (range.firstPage !== expected || range.lastPage < range.firstPage) {
      throw DocketException.invalid(
        `documents[${index}] must start at page ${expected} and end at or after it: ranges are ` +
          'in page order and cover every page exactly once',
      );
    }
    expected = range.lastPage + 1;
  }
  if (expected - 1 !== pageCount) {
    throw DocketException.invalid(
      `The ranges cover pages 1-${expected - 1}, but the file has ${pageCount} pages`,
    );
  }
  return ranges.map((range) => ({
    firstPage: range.firstPage,
    lastPage: range.lastPage,
    documentType: range.documentType ?? null,
  }));
}

/** A retried call with the same split keeps its documentIds. */
function sameSplit(current: DocumentEntity[], specs: DocumentSpec[]): boolean {
  return (
    current.length === specs.length &&
    current.every(
      (doc, i) =>
        doc.firstPage === specs[i].firstPage &&
        doc.lastPage === specs[i].lastPage &&
        doc.documentType === specs[i].documentType,
    )
  );
}
