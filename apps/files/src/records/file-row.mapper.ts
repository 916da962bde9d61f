import { FileEntity } from '../database/files.entities';

/** Each column of files.files with the entity property it holds: the one list both ways use. */
const FILE_COLUMNS: ReadonlyArray<readonly [column: string, property: keyof FileEntity]> = [
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

/** pg answers a bigint as a string (it may exceed 2^53; a file's size does not). */
const BIGINT_PROPERTIES: ReadonlySet<keyof FileEntity> = new Set(['sizeBytes']);
const TIME_PROPERTIES: ReadonlySet<keyof FileEntity> = new Set([
  'notBefore',
  'uploadExpiresAt',
  'lastCheckedAt',
  'uploadedAt',
  'processingStartedAt',
  'processedAt',
  'createdAt',
  'updatedAt',
]);

function read(property: keyof FileEntity, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (BIGINT_PROPERTIES.has(property)) return Number(value);
  if (TIME_PROPERTIES.has(property)) return new Date(value as string);
  return value;
}

/** Raw `RETURNING *` rows (snake_case) to the entity, for the atomic UPDATEs TypeORM cannot map. */
export function fileFromRow(row: Record<string, unknown>): FileEntity {
  const file = new FileEntity();
  const fields = file as unknown as Record<string, unknown>;
  for (const [column, property] of FILE_COLUMNS) fields[property] = read(property, row[column]);
  return file;
}

/** One row's INSERT: built once, since the column list never changes. */
export const INSERT_FILE_SQL = `INSERT INTO files.files (${FILE_COLUMNS.map(([c]) => c).join(', ')})
  VALUES (${FILE_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`;

/** The entity's values in INSERT_FILE_SQL's parameter order. */
export function fileInsertParameters(file: FileEntity): unknown[] {
  return FILE_COLUMNS.map(([, property]) => file[property]);
}
