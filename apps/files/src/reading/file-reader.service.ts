import {
  FileDocumentRecord,
  FilePagesPage,
  FileRecord,
  ListFilePagesRequest,
  PageWordsRecord,
} from '@docket/contracts';
import { Actor, DocketException } from '@docket/platform';
import { BlobStore } from '@docket/storage';
import { Injectable } from '@nestjs/common';

import { WorkspaceAccess } from '../access/workspace-access';
import { ArrivalService } from '../arrival/arrival.service';
import { documentOfPage, DocumentRepository } from '../database/document.repository';
import { FileRepository } from '../database/file.repository';
import { DocumentEntity, FileEntity } from '../database/files.entities';
import { PageRepository } from '../database/page.repository';
import { FilesConfig } from '../files.config';

/**
 * The reading side: file metadata with a download URL, page images and the text layer. Files of
 * other organizations, and of workspaces the caller may not see, do not exist here (404). Reading a pending file also looks for its upload,
 * so a client that polls after its PUT sees UPLOADED without waiting for the reconciler.
 */
@Injectable()
export class FileReader {
  constructor(
    private readonly access: WorkspaceAccess,
    private readonly files: FileRepository,
    private readonly documents: DocumentRepository,
    private readonly pages: PageRepository,
    private readonly arrival: ArrivalService,
    private readonly blobs: BlobStore,
    private readonly config: FilesConfig,
  ) {}

  async get(actor: Actor, fileId: string): Promise<FileRecord> {
    const file = await this.load(actor, fileId);
    const [children, documents] = await Promise.all([
      this.files.children(actor.organizationId, file.id),
      this.documents.forFile(file.id),
    ]);
    const expiresAt = this.urlExpiry();
    const downloadUrl = file.uploadedAt
      ? this.blobs.downloadUrl(file.organizationId, file.blobPath, expiresAt, file.filename)
      : null;
    return {
      fileId: file.id,
      workspaceId: file.workspaceId,
      itemId: file.itemId,
      parentFileId: file.parentFileId,
      category: file.category,
      filename: file.filename,
      mimeType: file.mimeType,
      blobPath: file.blobPath,
      size: file.sizeBytes,
      status: file.status,
      failureCode: file.failureCode,
      failureReason: file.failureReason,
      pageCount: file.pageCount,
      children: children.map((child) => ({
        fileId: child.id,
        filename: child.filename,
        mimeType: child.mimeType,
        status: child.status,
      })),
      documents: documents.map(toDocumentRecord),
      createdAt: file.createdAt.toISOString(),
      updatedAt: file.updatedAt.toISOString(),
      uploadedAt: file.uploadedAt?.toISOString() ?? null,
      processedAt: file.processedAt?.toISOString() ?? null,
      downloadUrl,
      downloadUrlExpiresAt: downloadUrl ? expiresAt.toISOString() : null,
    };
  }

  async listPages(actor: Actor, request: ListFilePagesRequest): Promise<FilePagesPage> {
    const file = await this.load(actor, request.fileId);
    const documents = await this.documents.forFile(file.id);
    let range: DocumentEntity | undefined;
    if (request.documentId) {
      range = documents.find((d) => d.id === request.documentId);
      if (!range) throw DocketException.notFound('Document');
    }
    const offset = (request.page - 1) * request.limit;
    const [totalCount, rows] = await Promise.all([
      this.pages.count(file.id, range),
      this.pages.list(file.id, offset, request.limit, range),
    ]);
    const expiresAt = this.urlExpiry();
    return {
      data: rows.map((page) => ({
        pageNumber: page.pageNumber,
        documentId: documentOfPage(documents, page.pageNumber)?.id ?? '',
        width: page.width,
        height: page.height,
        imageUrl: this.blobs.downloadUrl(file.organizationId, page.imageBlobPath, expiresAt),
        imageUrlExpiresAt: expiresAt.toISOString(),
        textSource: page.textSource,
      })),
      page: request.page,
      limit: request.limit,
      totalCount,
    };
  }

  async words(actor: Actor, fileId: string, pageNumber: number): Promise<PageWordsRecord> {
    const file = await this.load(actor, fileId);
    const page = await this.pages.find(file.id, pageNumber);
    if (!page) throw DocketException.notFound('Page');
    const documents = await this.documents.forFile(file.id);
    return {
      fileId: file.id,
      pageNumber: page.pageNumber,
      documentId: documentOfPage(documents, page.pageNumber)?.id ?? '',
      width: page.width,
      height: page.height,
      source: page.textSource,
      words: page.words,
    };
  }

  private async load(actor: Actor, fileId: string): Promise<FileEntity> {
    return this.arrival.detect(await this.access.visibleFile(actor, fileId));
  }

  private urlExpiry(): Date {
    return new Date(Date.now() + this.config.downloadUrlTtlSeconds * 1000);
  }
}

export function toDocumentRecord(document: DocumentEntity): FileDocumentRecord {
  return {
    documentId: document.id,
    firstPage: document.firstPage,
    lastPage: document.lastPage,
    pageCount: document.lastPage - document.firstPage + 1,
    documentType: document.documentType,
  };
}
