import type { FileStatus } from '@docket/contracts';

import { FileEntity } from '../database/files.entities';

/** Raw `RETURNING *` rows (snake_case) to the entity, for the atomic UPDATEs TypeORM cannot map. */
export function fileFromRow(row: Record<string, unknown>): FileEntity {
  const date = (value: unknown): Date | null => (value === null ? null : new Date(value as string));
  return Object.assign(new FileEntity(), {
    id: row.id as string,
    organizationId: row.organization_id as string,
    workspaceId: row.workspace_id as string,
    itemId: row.item_id as string | null,
    parentFileId: row.parent_file_id as string | null,
    category: row.category as string | null,
    filename: row.filename as string,
    mimeType: row.mime_type as string,
    kind: row.kind as string | null,
    blobPath: row.blob_path as string,
    status: row.status as FileStatus,
    failureCode: row.failure_code as string | null,
    failureReason: row.failure_reason as string | null,
    sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
    pageCount: row.page_count as number | null,
    depth: row.depth as number,
    attempts: row.attempts as number,
    notBefore: date(row.not_before),
    uploadExpiresAt: date(row.upload_expires_at),
    lastCheckedAt: date(row.last_checked_at),
    uploadedAt: date(row.uploaded_at),
    processingStartedAt: date(row.processing_started_at),
    processedAt: date(row.processed_at),
    createdAt: date(row.created_at) as Date,
    updatedAt: date(row.updated_at) as Date,
  });
}
