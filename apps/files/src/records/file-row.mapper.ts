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

/** The files table's columns in insert order, each with the entity property it holds. */
const INSERT_COLUMNS: ReadonlyArray<readonly [column: string, property: keyof FileEntity]> = [
  ['id', 'id'],
  ['organization_id', 'organizationId'],
  ['workspace_id', 'workspaceId'],
  ['item_id', 'itemId'],
  ['parent_file_id', 'parentFileId'],
  ['category', 'category'],
  ['filename', 'filename'],
  ['mime_type', 'mimeType'],
  ['kind', 'kind'],
  ['blob_path', 'blobPath'],
  ['status', 'status'],
  ['failure_code', 'failureCode'],
  ['failure_reason', 'failureReason'],
  ['size_bytes', 'sizeBytes'],
  ['page_count', 'pageCount'],
  ['depth', 'depth'],
  ['attempts', 'attempts'],
  ['not_before', 'notBefore'],
  ['upload_expires_at', 'uploadExpiresAt'],
  ['last_checked_at', 'lastCheckedAt'],
  ['uploaded_at', 'uploadedAt'],
  ['processing_started_at', 'processingStartedAt'],
  ['processed_at', 'processedAt'],
  ['created_at', 'createdAt'],
  ['updated_at', 'updatedAt'],
];

/** One row's INSERT: built once, since the column list never changes. */
export const INSERT_FILE_SQL = `INSERT INTO files.files (${INSERT_COLUMNS.map(([c]) => c).join(', ')})
  VALUES (${INSERT_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`;

/** The entity's values in INSERT_FILE_SQL's parameter order. */
export function fileInsertParameters(file: FileEntity): unknown[] {
  return INSERT_COLUMNS.map(([, property]) => file[property]);
}
