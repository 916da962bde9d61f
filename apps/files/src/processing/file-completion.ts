import { randomUUID } from 'node:crypto';

import { ServiceTransactions } from '@docket/persistence';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

import { DocumentRepository } from '../database/document.repository';
import { FileRepository } from '../database/file.repository';
import { DocumentEntity, FileEntity, PageEntity } from '../database/files.entities';
import { PageRepository } from '../database/page.repository';
import { FileEvents } from '../events/file-events';
import { fileTransition } from '../records/file-status.machine';

export class ClaimLostError extends Error {
  constructor(fileId: string) {
    super(`file ${fileId} is no longer PROCESSING here`);
    this.name = 'ClaimLostError';
  }
}

/**
 * Makes a processed file READY in one transaction with everything that depends on it: its
 * pages and default document (or its children), and the files.file.ready.v1 outbox row.
 */
@Injectable()
export class FileCompletion {
  constructor(
    private readonly transactions: ServiceTransactions,
    private readonly files: FileRepository,
    private readonly pages: PageRepository,
    private readonly documents: DocumentRepository,
    private readonly events: FileEvents,
  ) {}

  async pagesReady(file: FileEntity, pages: PageEntity[]): Promise<void> {
    await this.transactions.run(async (manager) => {
      const ready = await this.markReady(manager, file, pages.length);
      await this.pages.insertAll(manager, pages);
      const document = Object.assign(new DocumentEntity(), {
        id: randomUUID(),
        fileId: file.id,
        organizationId: file.organizationId,
        firstPage: 1,
        lastPage: pages.length,
        documentType: null,
        createdAt: new Date(),
      } satisfies DocumentEntity);
      await this.documents.insert(manager, document);
      await this.events.recordReady(manager, ready, pages.length, [document.id]);
    });
    this.events.flush();
  }

  async containerReady(file: FileEntity, children: FileEntity[]): Promise<void> {
    await this.transactions.run(async (manager) => {
      const ready = await this.markReady(manager, file, 0);
      await this.files.insertChildren(manager, children);
      await this.events.recordReady(manager, ready, 0, []);
    });
    this.events.flush();
  }

  private async markReady(
    manager: EntityManager,
    file: FileEntity,
    pageCount: number,
  ): Promise<FileEntity> {
    const ready = await this.files.transition(
      file.id,
      fileTransition('READY'),
      { pageCount, processedAt: new Date() },
      manager,
    );
    if (!ready) throw new ClaimLostError(file.id);
    return ready;
  }
}
