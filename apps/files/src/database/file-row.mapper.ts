import { FileEntity } from './files.entities';

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
  ['lease_renewed_at', 'leaseRenewedAt'],
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
  'leaseRenewedAt',
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

/**
 * The INSERT of `count` rows, one VALUES tuple each: built once per row count, since the column
 * list never changes (a batch of pending uploads is one statement, FileRepository.insert).
 */
export function insertFilesSql(count: number): string {
  let sql = INSERT_SQL_BY_COUNT.get(count);
  if (!sql) {
    const width = FILE_COLUMNS.length;
    const tuples = Array.from(
      { length: count },
      (_, row) => `(${FILE_COLUMNS.map((_, i) => `$${row * width + i + 1}`).join(', ')})`,
    );
    sql = `INSERT INTO files.files (${FILE_COLUMNS.map(([c]) => c).join(', ')})\n  VALUES ${tuples.join(',\n    ')}`;
    INSERT_SQL_BY_COUNT.set(count, sql);
  }
  return sql;
}

const INSERT_SQL_BY_COUNT = new Map<number, string>();

/** The entities' values in insertFilesSql's parameter order, row after row. */
export function filesInsertParameters(files: readonly FileEntity[]): unknown[] {
  return files.flatMap((file) => FILE_COLUMNS.map(([, property]) => file[property]));
}
