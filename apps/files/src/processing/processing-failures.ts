import { RestError } from '@azure/storage-blob';
import { isProcessingError } from '@docket/document-processing';
import { createLogger } from '@docket/platform';
import { BlobTooLargeError } from '@docket/storage';
import { Injectable } from '@nestjs/common';

import { FileRepository } from '../database/file.repository';
import { FileEntity } from '../database/files.entities';
import { FilesConfig } from '../files.config';
import { fileTransition } from '../records/file-status.machine';
import { ClaimLostError } from './file-completion';
import { processingFailures } from './processing.metrics';

const logger = createLogger('processing-failures');
const RETRY_DELAY_MS = 15_000;

interface Failure {
  /** The file's own fault: retrying cannot help. */
  permanent: boolean;
  code: string;
  reason: string;
}

/** Library codes that say nothing about the file (a bug, a shutdown): worth another attempt. */
const TRANSIENT_PROCESSING_CODES = new Set(['PROCESSING_FAILED', 'CANCELED']);

/**
 * Ends a failed processing attempt: FAILED with a readable reason when the file is at fault or
 * out of attempts, otherwise back on the queue after a delay. Work aborted by a shutdown goes
 * back at once.
 */
@Injectable()
export class ProcessingFailures {
  constructor(
    private readonly files: FileRepository,
    private readonly config: FilesConfig,
  ) {}

  async record(file: FileEntity, error: unknown, signal: AbortSignal): Promise<void> {
    if (error instanceof ClaimLostError) {
      logger.warn({ fileId: file.id }, error.message);
      return;
    }
    if (signal.aborted) {
      await this.files.transition(file.id, fileTransition('UPLOADED'), { notBefore: null });
      return;
    }
    const failure = classify(error);
    if (failure.permanent || file.attempts >= this.config.processingMaxAttempts) {
      const reason = failure.permanent
        ? failure.reason
        : `Processing failed after ${file.attempts} attempts: ${failure.reason}`;
      logger.info({ fileId: file.id, code: failure.code, reason }, 'file failed');
      processingFailures.inc({ code: failure.code });
      await this.files.transition(file.id, fileTransition('FAILED'), {
        failureCode: failure.code,
        failureReason: reason,
      });
      return;
    }
    logger.warn({ err: error, fileId: file.id, attempt: file.attempts }, 'processing will retry');
    await this.files.transition(file.id, fileTransition('UPLOADED'), {
      notBefore: new Date(Date.now() + RETRY_DELAY_MS * file.attempts),
    });
  }
}

function classify(error: unknown): Failure {
  if (isProcessingError(error)) {
    return {
      permanent: !TRANSIENT_PROCESSING_CODES.has(error.code),
      code: error.code,
      reason: error.message,
    };
  }
  if (error instanceof BlobTooLargeError) {
    return {
      permanent: true,
      code: 'FILE_TOO_LARGE',
      reason: `The file has ${error.size} bytes; at most ${error.maxBytes} are accepted`,
    };
  }
  if (error instanceof RestError && error.statusCode === 404) {
    return {
      permanent: true,
      code: 'CONTENT_MISSING',
      reason: 'The content is no longer in storage',
    };
  }
  return { permanent: false, code: 'PROCESSING_FAILED', reason: 'an internal error occurred' };
}
