import { randomUUID } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

import { DocumentEntity, FileEntity, PageEntity } from '../database/files.entities';
import { FileEvents } from '../events/file-events';
import { FileRepository } from '../records/file.repository';

const INSERT_CHUNK = 200;

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
    private readonly dataSource: DataSource,
    private readonly files: FileRepository,
    private readonly events: FileEvents,
  ) {}

  async pagesReady(file: FileEntity, pages: PageEntity[]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const ready = await this.markReady(manager, file, pages.length);
      await insertChunked(manager, PageEntity, pages);
      const document = Object.assign(new DocumentEntity(), {
        id: randomUUID(),
        fileId: file.id,
        organizationId: file.organizationId,
        firstPage: 1,
        lastPage: pages.length,
        documentType: null,
        createdAt: new Date(),
      } satisfies DocumentEntity);
      await manager.insert(DocumentEntity, document);
      await this.events.recordReady(manager, ready, pages.length, [document.id]);
    });
    this.events.flush();
  }

  async containerReady(file: FileEntity, children: FileEntity[]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const ready = await this.markReady(manager, file, 0);
      await insertChunked(manager, FileEntity, children);
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
      'READY',
      { pageCount, processedAt: new Date() },
      manager,
    );
    if (!ready) throw new ClaimLostError(file.id);
    return ready;
  }
}

async function insertChunked<T extends object>(
  manager: EntityManager,
  entity: new () => T,
  rows: T[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await manager.insert(entity, rows.slice(start, start + INSERT_CHUNK) as never);
  }
}
