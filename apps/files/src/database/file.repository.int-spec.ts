import { randomUUID } from 'node:crypto';

import { connectToTestSchema } from '@docket/testing';
import type { Pool, QueryConfig } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

import { FileRepository } from './file.repository';
import { FileEntity, FILES_ENTITIES } from './files.entities';

/** Upload records against the migrated files schema: inserts that arrive together, abandonment. */
describe('FileRepository (PostgreSQL)', () => {
  let dataSource: DataSource;
  let repository: FileRepository;
  const organizationId = randomUUID();
  const workspaceId = randomUUID();

  beforeAll(async () => {
    dataSource = await connectToTestSchema('files', { entities: FILES_ENTITIES, poolSize: 4 });
    repository = new FileRepository(dataSource);
  });

  afterAll(async () => {
    await dataSource.query('DELETE FROM files.files WHERE organization_id = $1', [organizationId]);
    await dataSource.destroy();
  });

  /**
   * The row as written. The test stack's files service shares this schema, and its upload
   * reconciler stamps `lastCheckedAt` on any pending upload it looks for in storage, at any
   * moment: that column is the reconciler's, not the insert's.
   */
  async function readBack(fileId: string): Promise<FileEntity | null> {
    const file = await repository.findOwned(organizationId, fileId);
    return file && Object.assign(file, { lastCheckedAt: null });
  }

  function pendingUpload(overrides: Partial<FileEntity> = {}): FileEntity {
    const id = randomUUID();
    const now = new Date();
    return Object.assign(new FileEntity(), {
      id,
      organizationId,
      workspaceId,
      itemId: null,
      parentFileId: null,
      category: 'batch',
      filename: `${id}.pdf`,
      mimeType: 'application/pdf',
      kind: 'pdf',
      blobPath: `files/${id}/claim.pdf`,
      status: 'READY_TO_UPLOAD',
      failureCode: null,
      failureReason: null,
      sizeBytes: null,
      pageCount: null,
      depth: 0,
      attempts: 0,
      notBefore: null,
      uploadExpiresAt: new Date(now.getTime() + 900_000),
      lastCheckedAt: null,
      uploadedAt: null,
      processingStartedAt: null,
      leaseRenewedAt: null,
      processedAt: null,
      createdAt: now,
      updatedAt: now,
      ...overrides,
    } satisfies FileEntity);
  }

  it('inserts the uploads of one turn in one statement, each readable once its call resolves', async () => {
    const pool = (dataSource.driver as PostgresDriver).master as Pool;
    const statements = jest.spyOn(pool, 'query');
    const files = Array.from({ length: 12 }, () => pendingUpload());
    await Promise.all(files.map((file) => repository.insert(file)));
    const inserts = statements.mock.calls
      .map(([statement]) => statement as unknown as QueryConfig)
      .filter((statement) => statement.text.startsWith('INSERT'));
    statements.mockRestore();
    expect(inserts.map((statement) => statement.name)).toEqual(['files-insert-12']);
    for (const file of files) {
      expect(await readBack(file.id)).toEqual(file);
    }
  });

  it('fails only the row the database refuses; the rest of its batch lands', async () => {
    const good = [pendingUpload(), pendingUpload()];
    // The table allows categories of 1-64 characters.
    const refused = pendingUpload({ category: '' });
    const results = await Promise.allSettled(
      [good[0], refused, good[1]].map((file) => repository.insert(file)),
    );
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toContain('files_category_check');
    for (const file of good) expect(await readBack(file.id)).toEqual(file);
    expect(await readBack(refused.id)).toBeNull();
  });

  it('writes a call alone in its turn without waiting for company', async () => {
    const file = pendingUpload();
    await repository.insert(file);
    expect(await readBack(file.id)).toEqual(file);
  });

  it('abandons the pending uploads whose URL expired longer ago than the grace, and only them', async () => {
    const hour = 3_600_000;
    const ago = (ms: number) => new Date(Date.now() - ms);
    const abandoned = pendingUpload({ uploadExpiresAt: ago(2 * hour) });
    const inGrace = pendingUpload({ uploadExpiresAt: ago(hour / 2) });
    const open = pendingUpload();
    const arrived = pendingUpload({ uploadExpiresAt: ago(2 * hour), uploadedAt: ago(3 * hour) });
    for (const file of [abandoned, inGrace, open, arrived]) await repository.insert(file);

    await repository.abandonExpiredUploads(3600);

    const after = await Promise.all([abandoned, inGrace, open, arrived].map((f) => readBack(f.id)));
    expect(after.map((file) => [file?.status, file?.failureCode])).toEqual([
      ['FAILED', 'UPLOAD_EXPIRED'],
      ['READY_TO_UPLOAD', null],
      ['READY_TO_UPLOAD', null],
      ['READY_TO_UPLOAD', null],
    ]);
  });

  it('takes a PROCESSING file back once its lease lapsed, and only then; a renewal keeps it', async () => {
    const ago = (ms: number) => new Date(Date.now() - ms);
    // not_before in an hour keeps the rows out of the running stack's own processing queue.
    const processing = (leaseRenewedAt: Date) =>
      pendingUpload({
        status: 'PROCESSING',
        attempts: 1,
        uploadedAt: ago(300_000),
        processingStartedAt: ago(300_000),
        leaseRenewedAt,
        notBefore: new Date(Date.now() + 3_600_000),
      });
    const lapsed = processing(ago(61_000));
    const renewedInTime = processing(ago(61_000));
    const fresh = processing(ago(59_000));
    for (const file of [lapsed, renewedInTime, fresh]) await repository.insert(file);

    await repository.renewLeases([renewedInTime.id]);
    await repository.recoverStaleProcessing(60, 3);

    const after = await Promise.all([lapsed, renewedInTime, fresh].map((f) => readBack(f.id)));
    expect(after.map((file) => file?.status)).toEqual(['UPLOADED', 'PROCESSING', 'PROCESSING']);
  });
});
