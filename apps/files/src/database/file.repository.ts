import type { FileStatus } from '@docket/contracts';
import { preparedQuery } from '@docket/persistence';
import { WriteBatcher } from '@docket/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

import { fileFromRow, filesInsertParameters, insertFilesSql } from './file-row.mapper';
import { FileEntity } from './files.entities';
import { insertChunked } from './insert-chunked';

/**
 * A status change as written: to `to`, only from one of `from` (the state machine's sources of
 * `to`, which the records' domain gives), so that two writers racing on one file cannot both win.
 */
export interface FileTransition {
  to: FileStatus;
  from: readonly FileStatus[];
}

/** Columns a status change may set besides the status. */
export interface TransitionPatch {
  failureCode?: string | null;
  failureReason?: string | null;
  pageCount?: number | null;
  processedAt?: Date | null;
  notBefore?: Date | null;
}

const PATCH_COLUMNS: Record<keyof TransitionPatch, string> = {
  failureCode: 'failure_code',
  failureReason: 'failure_reason',
  pageCount: 'page_count',
  processedAt: 'processed_at',
  notBefore: 'not_before',
};

type Rows = [Record<string, unknown>[], number];

/** The files table. Every status change goes through `transition` (or a named claim below). */
@Injectable()
export class FileRepository {
  /**
   * Upload requests that arrive together are inserted together: one statement and one commit
   * per batch instead of per request (the INSERT's commit was most of PostgreSQL's cost of a
   * `POST /files`, docs/benchmarks.md). Each request is still answered only after its own row
   * is committed, and a row the database refuses fails alone.
   */
  private readonly pendingInserts = new WriteBatcher<FileEntity>(
    async (files) => {
      await preparedQuery(
        this.dataSource,
        `files-insert-${files.length}`,
        insertFilesSql(files.length),
        filesInsertParameters(files),
      );
    },
    // New rows only, so batches cannot deadlock; a few under way keep a slow commit (an
    // fsync) from holding every other upload back.
    { writesInFlight: 4 },
  );

  constructor(private readonly dataSource: DataSource) {}

  /** No ORM: an upload request's only write, on the hot path of `POST /files`. */
  insert(file: FileEntity): Promise<void> {
    return this.pendingInserts.add(file);
  }

  /** A container's children, inside the caller's transaction that makes the container READY. */
  insertChildren(manager: EntityManager, children: FileEntity[]): Promise<void> {
    return insertChunked(manager, FileEntity, children);
  }

  /** Holds the file's row until the caller's transaction ends (FOR UPDATE). */
  async lock(manager: EntityManager, fileId: string): Promise<void> {
    await manager.query('SELECT id FROM files.files WHERE id = $1 FOR UPDATE', [fileId]);
  }

  /** Null for unknown ids and for files of other organizations alike. */
  findOwned(organizationId: string, fileId: string): Promise<FileEntity | null> {
    return this.dataSource.manager.findOne(FileEntity, { where: { id: fileId, organizationId } });
  }

  findByBlob(organizationId: string, blobPath: string): Promise<FileEntity | null> {
    return this.dataSource.manager.findOne(FileEntity, { where: { organizationId, blobPath } });
  }

  children(organizationId: string, parentFileId: string): Promise<FileEntity[]> {
    return this.dataSource.manager.find(FileEntity, {
      where: { organizationId, parentFileId },
      order: { createdAt: 'ASC', filename: 'ASC' },
    });
  }

  /**
   * Records that the content is in storage. Exactly one caller wins per file; a pending upload
   * becomes UPLOADED, an UNSUPPORTED attachment keeps its status.
   */
  async recordArrival(fileId: string, sizeBytes: number): Promise<FileEntity | undefined> {
    const [rows]: Rows = await this.dataSource.query(
      `UPDATE files.files
          SET uploaded_at = now(), updated_at = now(), size_bytes = $2,
              status = CASE WHEN status = 'READY_TO_UPLOAD' THEN 'UPLOADED' ELSE status END
        WHERE id = $1 AND uploaded_at IS NULL AND status IN ('READY_TO_UPLOAD', 'UNSUPPORTED')
        RETURNING *`,
      [fileId, sizeBytes],
    );
    return rows[0] ? fileFromRow(rows[0]) : undefined;
  }

  /**
   * The next pending uploads to look for in storage, least recently checked first, marked as
   * checked now so that replicas and consecutive ticks spread over all of them.
   */
  async nextToCheck(limit: number, abandonAfterSeconds: number): Promise<FileEntity[]> {
    const [rows]: Rows = await this.dataSource.query(
      `UPDATE files.files SET last_checked_at = now()
        WHERE id IN (
          SELECT id FROM files.files
           WHERE uploaded_at IS NULL AND status IN ('READY_TO_UPLOAD', 'UNSUPPORTED')
             AND upload_expires_at + make_interval(secs => $2) > now()
           ORDER BY last_checked_at NULLS FIRST
           LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING *`,
      [limit, abandonAfterSeconds],
    );
    return rows.map(fileFromRow);
  }

  /** Pending uploads whose URL expired long ago end FAILED; UNSUPPORTED ones just stop. */
  async abandonExpiredUploads(abandonAfterSeconds: number): Promise<number> {
    const [rows]: Rows = await this.dataSource.query(
      `UPDATE files.files
          SET status = 'FAILED', failure_code = 'UPLOAD_EXPIRED', updated_at = now(),
              failure_reason = 'No content was uploaded before the upload URL expired'
        WHERE status = 'READY_TO_UPLOAD' AND uploaded_at IS NULL
          AND upload_expires_at + make_interval(secs => $1) <= now()
        RETURNING id`,
      [abandonAfterSeconds],
    );
    return rows.length;
  }

  /** Takes the oldest UPLOADED file off the queue; replicas never take the same one. */
  async claimForProcessing(): Promise<FileEntity | undefined> {
    const [rows]: Rows = await this.dataSource.query(
      `UPDATE files.files
          SET status = 'PROCESSING', processing_started_at = now(), lease_renewed_at = now(),
              attempts = attempts + 1, updated_at = now()
        WHERE id = (
          SELECT id FROM files.files
           WHERE status = 'UPLOADED' AND (not_before IS NULL OR not_before <= now())
           ORDER BY uploaded_at
           LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING *`,
    );
    return rows[0] ? fileFromRow(rows[0]) : undefined;
  }

  /** The files this replica is still processing: their leases start again from now. */
  async renewLeases(fileIds: string[]): Promise<void> {
    if (fileIds.length === 0) return;
    await this.dataSource.query(
      `UPDATE files.files SET lease_renewed_at = now()
        WHERE id = ANY($1) AND status = 'PROCESSING'`,
      [fileIds],
    );
  }

  /**
   * PROCESSING rows whose lease ran out belong to a replica that died: they go back on the
   * queue, or end FAILED once they have used up their attempts (a file that kills its worker).
   */
  async recoverStaleProcessing(leaseSeconds: number, maxAttempts: number): Promise<number> {
    const [rows]: Rows = await this.dataSource.query(
      `UPDATE files.files
          SET updated_at = now(),
              status = CASE WHEN attempts >= $2 THEN 'FAILED' ELSE 'UPLOADED' END,
              failure_code = CASE WHEN attempts >= $2 THEN 'PROCESSING_ABANDONED' END,
              failure_reason = CASE WHEN attempts >= $2
                THEN 'Processing did not finish after ' || attempts || ' attempts' END
        WHERE status = 'PROCESSING'
          AND lease_renewed_at + make_interval(secs => $1) < now()
        RETURNING id`,
      [leaseSeconds, maxAttempts],
    );
    return rows.length;
  }

  /** A guarded status change: applied only from one of the change's source statuses. */
  async transition(
    fileId: string,
    change: FileTransition,
    patch: TransitionPatch = {},
    manager: EntityManager = this.dataSource.manager,
  ): Promise<FileEntity | undefined> {
    const sets = ['status = $1', 'updated_at = now()'];
    const values: unknown[] = [change.to, fileId, [...change.from]];
    for (const [key, column] of Object.entries(PATCH_COLUMNS) as [
      keyof TransitionPatch,
      string,
    ][]) {
      if (!(key in patch)) continue;
      values.push(patch[key]);
      sets.push(`${column} = $${values.length}`);
    }
    const [rows]: Rows = await manager.query(
      `UPDATE files.files SET ${sets.join(', ')}
        WHERE id = $2 AND status = ANY($3::text[]) RETURNING *`,
      values,
    );
    return rows[0] ? fileFromRow(rows[0]) : undefined;
  }
}
