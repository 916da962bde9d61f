import { randomUUID } from 'node:crypto';

import {
  CreateFileRequest,
  DirectoryAccess,
  FileUploadTicket,
  GetItemV1,
  UPLOAD_URL_TTL_SECONDS,
} from '@docket/contracts';
import { fileTypeFromFilename } from '@docket/document-processing';
import { Actor, DocketException, RpcClient } from '@docket/platform';
import { BlobStore } from '@docket/storage';
import { Injectable } from '@nestjs/common';

import { FileRepository } from '../database/file.repository';
import { FileEntity } from '../database/files.entities';
import { contentBlobPath } from '../storage/blob-paths';

const CONTAINER_KINDS = new Set(['eml', 'zip']);
const DEFAULT_MIME_TYPE = 'application/octet-stream';

/** POST /files: a pending file record and a signed URL to upload its content to. */
@Injectable()
export class UploadService {
  constructor(
    private readonly files: FileRepository,
    private readonly blobs: BlobStore,
    private readonly rpc: RpcClient,
    private readonly directory: DirectoryAccess,
  ) {}

  async requestUpload(actor: Actor, request: CreateFileRequest): Promise<FileUploadTicket> {
    const type = fileTypeFromFilename(request.filename);
    const parent = await this.checkReferences(actor, request);
    if (!type && !(parent?.kind && CONTAINER_KINDS.has(parent.kind))) {
      throw new DocketException(
        'UNSUPPORTED_FILE',
        `"${request.filename}" is not a supported type (PDF, PNG, JPEG, TIFF, EML, ZIP); other ` +
          'types are accepted only as attachments of an e-mail or zip file (parentFileId)',
      );
    }
    const fileId = randomUUID();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + UPLOAD_URL_TTL_SECONDS * 1000);
    const file = Object.assign(new FileEntity(), {
      id: fileId,
      organizationId: actor.organizationId,
      workspaceId: request.workspaceId,
      itemId: request.itemId ?? null,
      parentFileId: parent?.id ?? null,
      category: request.category ?? null,
      filename: request.filename,
      mimeType: type ? type.mimeType : (request.mimeType?.trim() ?? DEFAULT_MIME_TYPE),
      kind: type?.kind ?? null,
      blobPath: contentBlobPath(fileId, request.filename),
      status: type ? 'READY_TO_UPLOAD' : 'UNSUPPORTED',
      failureCode: null,
      failureReason: null,
      sizeBytes: null,
      pageCount: null,
      depth: parent ? parent.depth + 1 : 0,
      attempts: 0,
      notBefore: null,
      uploadExpiresAt: expiresAt,
      lastCheckedAt: null,
      uploadedAt: null,
      processingStartedAt: null,
      leaseRenewedAt: null,
      processedAt: null,
      createdAt: now,
      updatedAt: now,
    } satisfies FileEntity);
    await this.blobs.ensureContainer(actor.organizationId);
    const uploadUrl = this.blobs.uploadUrl(actor.organizationId, file.blobPath, expiresAt);
    await this.files.insert(file);
    return {
      fileId,
      uploadUrl,
      blobPath: file.blobPath,
      expiresAt: expiresAt.toISOString(),
      mimeType: file.mimeType,
      status: file.status,
    };
  }

  /**
   * Workspace, item and parent must all be the caller organization's (else 404), and the
   * workspace one the caller may see (DirectoryAccess).
   */
  private async checkReferences(
    actor: Actor,
    request: CreateFileRequest,
  ): Promise<FileEntity | undefined> {
    await this.directory.assertWorkspace(actor, request.workspaceId);
    if (request.itemId) await this.rpc.call(GetItemV1, { itemId: request.itemId }, actor);
    if (!request.parentFileId) return undefined;
    const parent = await this.files.findOwned(actor.organizationId, request.parentFileId);
    if (!parent) throw DocketException.notFound('Parent file');
    if (parent.workspaceId !== request.workspaceId) {
      throw DocketException.invalid('parentFileId belongs to another workspace');
    }
    return parent;
  }
}
