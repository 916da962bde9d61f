import { randomUUID } from 'node:crypto';

import {
  fileTypeFromFilename,
  UnpackedFile,
  unpackEmail,
  unpackZip,
} from '@docket/document-processing';
import { BlobStore } from '@docket/storage';
import { Injectable } from '@nestjs/common';

import { FileEntity } from '../database/files.entities';
import { FilesConfig } from '../files.config';
import { contentBlobPath } from '../storage/blob-paths';

const WRITE_PARALLELISM = 8;
const DEFAULT_MIME_TYPE = 'application/octet-stream';

/**
 * Unpacks an e-mail or zip file into child file records (not yet saved) whose bytes are already
 * in the organization's container. Supported children wait UPLOADED for their own processing;
 * unsupported ones are stored as-is, UNSUPPORTED, with the type the container declared.
 */
@Injectable()
export class ContainerUnpacker {
  constructor(
    private readonly blobs: BlobStore,
    private readonly config: FilesConfig,
  ) {}

  async unpack(parent: FileEntity, kind: string, bytes: Buffer): Promise<FileEntity[]> {
    const options = {
      depth: parent.depth,
      caps: {
        maxEntries: this.config.containerMaxEntries,
        maxTotalBytes: this.config.containerMaxTotalBytes,
        maxDepth: this.config.containerMaxDepth,
      },
    };
    const entries =
      kind === 'zip' ? await unpackZip(bytes, options) : await unpackEmail(bytes, options);
    const children = entries.map((entry) => childOf(parent, entry));
    for (let start = 0; start < children.length; start += WRITE_PARALLELISM) {
      await Promise.all(
        children
          .slice(start, start + WRITE_PARALLELISM)
          .map((child, offset) =>
            this.blobs.write(
              parent.organizationId,
              child.blobPath,
              entries[start + offset].bytes,
              child.mimeType,
            ),
          ),
      );
    }
    return children;
  }
}

function childOf(parent: FileEntity, entry: UnpackedFile): FileEntity {
  const type = fileTypeFromFilename(entry.filename);
  const id = randomUUID();
  const now = new Date();
  return Object.assign(new FileEntity(), {
    id,
    organizationId: parent.organizationId,
    workspaceId: parent.workspaceId,
    itemId: parent.itemId,
    parentFileId: parent.id,
    category: parent.category,
    filename: entry.filename,
    mimeType: type ? type.mimeType : (entry.declaredMimeType ?? DEFAULT_MIME_TYPE),
    kind: type?.kind ?? null,
    blobPath: contentBlobPath(id, entry.filename),
    status: type ? 'UPLOADED' : 'UNSUPPORTED',
    failureCode: null,
    failureReason: null,
    sizeBytes: entry.bytes.length,
    pageCount: null,
    depth: parent.depth + 1,
    attempts: 0,
    notBefore: null,
    uploadExpiresAt: null,
    lastCheckedAt: null,
    uploadedAt: now,
    processingStartedAt: null,
    leaseRenewedAt: null,
    processedAt: null,
    createdAt: now,
    updatedAt: now,
  } satisfies FileEntity);
}
