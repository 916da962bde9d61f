import { createLogger, isUuid } from '@docket/platform';
import { BlobStore, organizationIdOf } from '@docket/storage';
import { Injectable } from '@nestjs/common';

import { FileRepository } from '../database/file.repository';
import { FileEntity } from '../database/files.entities';
import { FilesConfig } from '../files.config';
import { processingFailures } from '../processing/processing.metrics';
import { ProcessingQueue } from '../processing/processing-queue';
import { fileTransition } from '../records/file-status.machine';

const logger = createLogger('arrival');
const CHECK_BATCH = 50;

/**
 * Notices that an upload's content is in storage. Three detectors feed it (DESIGN: storage
 * events in production, the reconciler as a safety net and on Azurite, and reads), and all three
 * end in `arrive`, where exactly one wins per file.
 */
@Injectable()
export class ArrivalService {
  constructor(
    private readonly files: FileRepository,
    private readonly blobs: BlobStore,
    private readonly queue: ProcessingQueue,
    private readonly config: FilesConfig,
  ) {}

  /** Looks in storage for one pending file; returns the file as it is now. */
  async detect(file: FileEntity): Promise<FileEntity> {
    if (!isAwaitingContent(file)) return file;
    const properties = await this.blobs.properties(file.organizationId, file.blobPath);
    if (!properties) return file;
    return this.arrive(file, properties.size);
  }

  /** Looks in storage for the next batch of pending uploads, least recently checked first. */
  async checkPending(): Promise<void> {
    const batch = await this.files.nextToCheck(CHECK_BATCH, this.config.uploadAbandonAfterSeconds);
    await Promise.all(batch.map((file) => this.detect(file)));
  }

  /** Pending uploads whose URL expired long ago end FAILED (UPLOAD_EXPIRED). */
  async abandonExpired(): Promise<void> {
    const abandoned = await this.files.abandonExpiredUploads(this.config.uploadAbandonAfterSeconds);
    if (abandoned > 0) logger.info({ abandoned }, 'pending uploads expired without content');
  }

  /** Storage reported new blobs (Event Grid); unknown blobs are not ours to care about. */
  async blobsCreated(blobs: { container: string; blobPath: string }[]): Promise<string[]> {
    const matched: string[] = [];
    for (const blob of blobs) {
      const organizationId = organizationIdOf(blob.container);
      if (!organizationId || !isUuid(organizationId)) continue;
      const file = await this.files.findByBlob(organizationId, blob.blobPath);
      if (!file) continue;
      await this.detect(file);
      matched.push(file.id);
    }
    return matched;
  }

  private async arrive(file: FileEntity, sizeBytes: number): Promise<FileEntity> {
    const arrived = await this.files.recordArrival(file.id, sizeBytes);
    if (!arrived) return (await this.files.findOwned(file.organizationId, file.id)) ?? file;
    logger.info({ fileId: file.id, sizeBytes, status: arrived.status }, 'upload arrived');
    if (arrived.status !== 'UPLOADED') return arrived;
    if (sizeBytes > this.config.fileMaxBytes) {
      const failed = await this.files.transition(file.id, fileTransition('FAILED'), {
        failureCode: 'FILE_TOO_LARGE',
        failureReason: `The file has ${sizeBytes} bytes; at most ${this.config.fileMaxBytes} are accepted`,
      });
      if (failed) processingFailures.inc({ code: 'FILE_TOO_LARGE' });
      return failed ?? arrived;
    }
    this.queue.poke();
    return arrived;
  }
}

export function isAwaitingContent(file: FileEntity): boolean {
  return (
    file.uploadedAt === null && (file.status === 'READY_TO_UPLOAD' || file.status === 'UNSUPPORTED')
  );
}
