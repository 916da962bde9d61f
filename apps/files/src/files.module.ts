import { DirectoryAccess } from '@docket/contracts';
import { SERVICE_TRANSACTIONS_PROVIDER } from '@docket/persistence';
import {
  createLogger,
  HealthModule,
  loadConfig,
  ReadinessRegistry,
  RpcClientModule,
} from '@docket/platform';
import { BlobStore } from '@docket/storage';
import { Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { WorkspaceAccess } from './access/workspace-access';
import { ArrivalService } from './arrival/arrival.service';
import { BlobEventsHandler } from './arrival/blob-events.handler';
import { UploadReconciler } from './arrival/upload-reconciler';
import { DocumentRepository } from './database/document.repository';
import { FileRepository } from './database/file.repository';
import { createFilesDataSource } from './database/files-data-source';
import { OutboxRepository } from './database/outbox.repository';
import { PageRepository } from './database/page.repository';
import { DocumentSplitService } from './documents/document-split.service';
import { DocumentsHandler } from './documents/documents.handler';
import { FileEvents } from './events/file-events';
import { FilesConfig } from './files.config';
import { ContainerUnpacker } from './processing/container-unpacker';
import { FileCompletion } from './processing/file-completion';
import { FileProcessor } from './processing/file-processor.service';
import { PageBuilder } from './processing/page-builder';
import { ProcessingFailures } from './processing/processing-failures';
import { ProcessingQueue } from './processing/processing-queue';
import { FileReader } from './reading/file-reader.service';
import { FilesHandler } from './reading/files.handler';
import { UploadsHandler } from './uploads/upload.handler';
import { UploadService } from './uploads/upload.service';

const logger = createLogger('files');

const config = loadConfig(FilesConfig);

@Module({
  imports: [HealthModule, RpcClientModule.forConfig(config)],
  controllers: [UploadsHandler, FilesHandler, DocumentsHandler, BlobEventsHandler],
  providers: [
    { provide: FilesConfig, useValue: config },
    { provide: DataSource, useFactory: () => createFilesDataSource(config).initialize() },
    {
      provide: BlobStore,
      useFactory: () =>
        new BlobStore({
          connectionString: config.storageConnectionString,
          publicBaseUrl: config.storagePublicUrl,
        }),
    },
    FileRepository,
    DocumentRepository,
    PageRepository,
    SERVICE_TRANSACTIONS_PROVIDER,
    OutboxRepository,
    FileEvents,
    UploadService,
    DirectoryAccess,
    WorkspaceAccess,
    ArrivalService,
    UploadReconciler,
    ProcessingQueue,
    FileProcessor,
    PageBuilder,
    ContainerUnpacker,
    FileCompletion,
    ProcessingFailures,
    FileReader,
    DocumentSplitService,
  ],
})
export class FilesModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    private readonly dataSource: DataSource,
    private readonly readiness: ReadinessRegistry,
    private readonly blobs: BlobStore,
    private readonly events: FileEvents,
    private readonly config: FilesConfig,
  ) {}

  onModuleInit(): void {
    const origins = this.config.storageCorsOrigins
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean);
    if (origins.length > 0) {
      this.blobs.allowBrowserOrigins(origins).catch((error: unknown) => {
        logger.warn({ err: error }, 'could not set storage CORS rules; browser uploads will fail');
      });
    }
    this.readiness.register('postgres', () => this.dataSource.query('SELECT 1'));
    this.readiness.register('storage', () => this.blobs.ping());
    this.readiness.register('jetstream', async () => {
      if (!this.events.isConnected()) throw new Error('not connected');
    });
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
