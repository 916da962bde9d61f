import { randomUUID } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

import { DocumentEntity } from './files.entities';

export interface DocumentSpec {
  firstPage: number;
  lastPage: number;
  documentType: string | null;
}

/** files.documents: how a file's pages group into documents. */
@Injectable()
export class DocumentRepository {
  constructor(private readonly dataSource: DataSource) {}

  forFile(fileId: string, manager: EntityManager = this.dataSource.manager) {
    return manager.find(DocumentEntity, { where: { fileId }, order: { firstPage: 'ASC' } });
  }

  find(fileId: string, documentId: string): Promise<DocumentEntity | null> {
    return this.dataSource.manager.findOne(DocumentEntity, { where: { id: documentId, fileId } });
  }

  /** A new document, inside the caller's transaction. */
  async insert(manager: EntityManager, document: DocumentEntity): Promise<void> {
    await manager.insert(DocumentEntity, document);
  }

  /** Replaces the file's documents (inside the caller's transaction). */
  async replace(
    manager: EntityManager,
    fileId: string,
    organizationId: string,
    specs: DocumentSpec[],
  ): Promise<DocumentEntity[]> {
    await manager.delete(DocumentEntity, { fileId });
    const now = new Date();
    const rows = specs.map((spec) =>
      Object.assign(new DocumentEntity(), {
        id: randomUUID(),
        fileId,
        organizationId,
        firstPage: spec.firstPage,
        lastPage: spec.lastPage,
        documentType: spec.documentType,
        createdAt: now,
      } satisfies DocumentEntity),
    );
    await manager.insert(DocumentEntity, rows);
    return rows;
  }
}

/** The document holding a page: documents cover every page exactly once. */
export function documentOfPage(
  documents: DocumentEntity[],
  pageNumber: number,
): DocumentEntity | undefined {
  return documents.find((d) => d.firstPage <= pageNumber && pageNumber <= d.lastPage);
}
