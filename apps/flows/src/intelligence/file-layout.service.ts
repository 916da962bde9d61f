import type { FileLayoutPage, GetFileLayoutRequest } from '@docket/contracts';
import { analysePage } from '@docket/document-intelligence';
import { Actor } from '@docket/platform';
import { Injectable } from '@nestjs/common';

import { FileTextSource } from './file-text.source';
import { pageLayoutRecord } from './layout-record.mapper';

/**
 * The schema-free layout of a file's pages (GET /files/{fileId}/layout): what integrators look
 * at to design an extraction schema. Read as the caller, so the files service's rule for
 * reading the file is the rule here too.
 */
@Injectable()
export class FileLayoutService {
  constructor(private readonly text: FileTextSource) {}

  async layout(actor: Actor, request: GetFileLayoutRequest): Promise<FileLayoutPage> {
    const file = await this.text.readyFile(actor, request.fileId);
    const all = this.text.pageNumbersOf(file, request.documentId);
    const wanted = all.slice((request.page - 1) * request.limit, request.page * request.limit);
    const pages = await this.text.pages(
      actor,
      request.fileId,
      wanted.map((p) => p.pageNumber),
    );
    return {
      data: pages.map((page, i) => pageLayoutRecord(analysePage(page), wanted[i].documentId)),
      page: request.page,
      limit: request.limit,
      totalCount: all.length,
    };
  }
}
