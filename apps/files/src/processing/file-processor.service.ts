import { assertMagicMatches } from '@docket/document-processing';
import { createLogger } from '@docket/platform';
import { BlobStore } from '@docket/storage';
import { Injectable } from '@nestjs/common';

import { FileEntity } from '../database/files.entities';
import { FilesConfig } from '../files.config';
import { ContainerUnpacker } from './container-unpacker';
import { FileCompletion } from './file-completion';
import { PageBuilder } from './page-builder';
import { processingDuration } from './processing.metrics';
import { ProcessingFailures } from './processing-failures';

const logger = createLogger('file-processor');

/**
 * Processes one claimed (PROCESSING) file: its bytes must be what its extension promises, then
 * pages and text are built, or a container is unpacked into child files. Whatever goes wrong
 * ends in ProcessingFailures, which decides between FAILED (the file's fault) and a retry.
 */
@Injectable()
export class FileProcessor {
  constructor(
    private readonly blobs: BlobStore,
    private readonly pages: PageBuilder,
    private readonly unpacker: ContainerUnpacker,
    private readonly completion: FileCompletion,
    private readonly failures: ProcessingFailures,
    private readonly config: FilesConfig,
  ) {}

  async process(file: FileEntity, signal: AbortSignal): Promise<void> {
    const started = Date.now();
    try {
      const bytes = await this.blobs.read(
        file.organizationId,
        file.blobPath,
        this.config.fileMaxBytes,
      );
      const type = assertMagicMatches(file.filename, bytes);
      if (type.role === 'container') {
        const children = await this.unpacker.unpack(file, type.kind, bytes);
        await this.completion.containerReady(file, children);
      } else {
        const pages = await this.pages.build(file, bytes, signal);
        await this.completion.pagesReady(file, pages);
      }
      logger.info({ fileId: file.id, ms: Date.now() - started }, 'file ready');
      processingDuration.observe(
        { kind: kindOf(file), outcome: 'ready' },
        (Date.now() - started) / 1000,
      );
    } catch (error) {
      processingDuration.observe(
        { kind: kindOf(file), outcome: 'error' },
        (Date.now() - started) / 1000,
      );
      await this.failures.record(file, error, signal);
    }
  }
}

function kindOf(file: FileEntity): string {
  return file.filename.split('.').pop()?.toLowerCase() ?? 'unknown';
}
