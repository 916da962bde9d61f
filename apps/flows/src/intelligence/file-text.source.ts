import { FileRecord, GetFileV1 } from '@docket/contracts';
import type { DocumentPages, TextPage } from '@docket/document-intelligence';
import { pageRange, readPageWords } from '@docket/nodes';
import { Actor, DocketException, RpcClient } from '@docket/platform';
import { Injectable } from '@nestjs/common';

/** The documents of a file with their word layer, as the AI preview endpoints read them. */
export interface FileText {
  file: FileRecord;
  documents: DocumentPages[];
}

/**
 * Reads a file's word layer from the files service as the caller (so another organization's
 * file is NOT_FOUND there), checking it belongs to the project's workspace and is READY.
 */
@Injectable()
export class FileTextSource {
  constructor(private readonly rpc: RpcClient) {}

  async read(
    actor: Actor,
    workspaceId: string,
    fileId: string,
    documentId?: string,
  ): Promise<FileText> {
    const file = await this.readyFile(actor, fileId);
    // A file of another workspace is not part of this project: as if it did not exist.
    if (file.workspaceId !== workspaceId) throw DocketException.notFound('File');
    const ranges = this.rangesOf(file, documentId);
    const documents: DocumentPages[] = [];
    for (const range of ranges) {
      documents.push({
        ...(range.documentId ? { documentId: range.documentId } : {}),
        pages: await this.pages(actor, fileId, pageRange(range.firstPage, range.lastPage)),
      });
    }
    return { file, documents };
  }

  /** The file as the caller may see it (another organization's is NOT_FOUND), once READY. */
  async readyFile(actor: Actor, fileId: string): Promise<FileRecord> {
    const file = await this.rpc.call(GetFileV1, { fileId }, actor);
    if (file.status !== 'READY') {
      throw DocketException.invalid(
        `File ${fileId} is ${file.status}; its text can be read once it is READY`,
      );
    }
    return file;
  }

  /** The pages a file's documents cover (or all of one document), with their document ids. */
  pageNumbersOf(
    file: FileRecord,
    documentId?: string,
  ): Array<{ pageNumber: number; documentId: string | null }> {
    return this.rangesOf(file, documentId).flatMap((range) =>
      pageRange(range.firstPage, range.lastPage).map((pageNumber) => ({
        pageNumber,
        documentId: range.documentId ?? null,
      })),
    );
  }

  private rangesOf(
    file: FileRecord,
    documentId: string | undefined,
  ): Array<{ documentId?: string; firstPage: number; lastPage: number }> {
    if (documentId) {
      const document = file.documents.find((d) => d.documentId === documentId);
      if (!document) throw DocketException.notFound('Document');
      return [document];
    }
    if (file.documents.length > 0) return file.documents;
    return [{ firstPage: 1, lastPage: Math.max(1, file.pageCount ?? 1) }];
  }

  pages(actor: Actor, fileId: string, numbers: readonly number[]): Promise<TextPage[]> {
    return readPageWords(this.rpc, actor, fileId, numbers);
  }
}
