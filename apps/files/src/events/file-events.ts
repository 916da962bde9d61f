import { FileReadyEvent, FileReadyEventV1 } from '@docket/contracts';
import { JetStreamEvents, OutboxRelay } from '@docket/platform';
import { BeforeApplicationShutdown, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { EntityManager } from 'typeorm';

import { FileEntity } from '../database/files.entities';
import { OutboxRepository } from '../database/outbox.repository';
import { FilesConfig } from '../files.config';

/**
 * The files service's events. `files.file.ready.v1` is written to the outbox in the transaction
 * that makes a file READY and relayed to JetStream with msgId `file-ready:<fileId>`: once per
 * file, even if a replica dies between commit and publish.
 */
@Injectable()
export class FileEvents implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private jetstream?: JetStreamEvents;
  private relay?: OutboxRelay;

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly config: FilesConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.jetstream = await JetStreamEvents.connect({
      servers: this.config.natsUrl,
      name: 'files',
      prefix: this.config.natsPrefix,
      replicas: this.config.natsStreamReplicas,
    });
    this.relay = new OutboxRelay(this.outbox, this.jetstream, { intervalMs: 1000 });
    this.relay.start();
  }

  async recordReady(
    manager: EntityManager,
    file: FileEntity,
    pageCount: number,
    documentIds: string[],
  ): Promise<void> {
    const event: FileReadyEvent = {
      fileId: file.id,
      organizationId: file.organizationId,
      workspaceId: file.workspaceId,
      category: file.category,
      itemId: file.itemId,
      parentFileId: file.parentFileId,
      filename: file.filename,
      mimeType: file.mimeType,
      pageCount,
      documentIds,
      readyAt: new Date().toISOString(),
    };
    await this.outbox.add(manager, FileReadyEventV1.subject, `file-ready:${file.id}`, event);
  }

  /** Call after the transaction commits. */
  flush(): void {
    this.relay?.poke();
  }

  isConnected(): boolean {
    return this.jetstream?.isConnected() ?? false;
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.relay?.stop();
    await this.jetstream?.close();
  }
}
