import { GetFileV1 } from '@docket/contracts';
import { RpcClient } from '@docket/platform';
import { Injectable } from '@nestjs/common';

import type { RunDocument, RunRef } from '../workflows/flow-activities.types';
import { systemActor } from './system-actor';

export interface RunFile {
  fileId: string;
  filename: string;
  mimeType: string;
  pageCount: number | null;
  category: string | null;
  documents: RunDocument[];
}

/** The run's files and their documents, read from the files service for the organization. */
@Injectable()
export class RunFilesClient {
  constructor(private readonly rpc: RpcClient) {}

  async files(run: RunRef): Promise<RunFile[]> {
    const actor = systemActor(run.organizationId);
    return Promise.all(
      run.fileIds.map(async (fileId) => {
        const file = await this.rpc.call(GetFileV1, { fileId }, actor);
        const documents: RunDocument[] = file.documents.length
          ? file.documents.map((document) => ({
              documentId: document.documentId,
              fileId,
              name: file.filename,
              pageCount: document.pageCount,
              firstPage: document.firstPage,
              lastPage: document.lastPage,
              ...(document.documentType ? { category: document.documentType } : {}),
            }))
          : [];
        return {
          fileId,
          filename: file.filename,
          mimeType: file.mimeType,
          pageCount: file.pageCount,
          category: file.category,
          documents,
        };
      }),
    );
  }
}
