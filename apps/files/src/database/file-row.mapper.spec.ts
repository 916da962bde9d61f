import 'reflect-metadata';

import { getMetadataArgsStorage } from 'typeorm';

import { fileFromRow, filesInsertParameters, insertFilesSql } from './file-row.mapper';
import { FileEntity } from './files.entities';

describe('file row mapper', () => {
  const entityColumns = getMetadataArgsStorage()
    .columns.filter((column) => column.target === FileEntity)
    .map((column) => ({
      property: column.propertyName,
      column: column.options.name ?? column.propertyName,
    }));

  it('inserts every column of the entity, each under its own name', () => {
    const columns = /\(([^)]*)\)/.exec(insertFilesSql(1))![1].split(', ');
    expect([...columns].sort()).toEqual(entityColumns.map((c) => c.column).sort());
  });

  it('reads back what it writes: every property, sizes as numbers, times as dates', () => {
    const file = Object.assign(new FileEntity(), {
      id: '6f1c1a52-4c8e-4d2b-9a57-1f5f0f3c2a10',
      organizationId: 'a3e5b2f4-8d9c-4b1e-a6f7-2c3d4e5f6a7b',
      workspaceId: 'b4f6c3a5-9e0d-4c2f-b7a8-3d4e5f6a7b8c',
      itemId: null,
      parentFileId: null,
      category: 'claims',
      filename: 'claim.pdf',
      mimeType: 'application/pdf',
      kind: 'pdf',
      blobPath: 'files/6f1c/claim.pdf',
      status: 'UPLOADED',
      failureCode: null,
      failureReason: null,
      sizeBytes: 1234,
      pageCount: 2,
      depth: 0,
      attempts: 1,
      notBefore: null,
      uploadExpiresAt: new Date('2026-01-01T00:10:00.000Z'),
      lastCheckedAt: null,
      uploadedAt: new Date('2026-01-01T00:01:00.000Z'),
      processingStartedAt: null,
      leaseRenewedAt: null,
      processedAt: null,
      createdAt: new Date('2026-01-01T00:00:00.000Z'),
      updatedAt: new Date('2026-01-01T00:01:00.000Z'),
    } satisfies FileEntity);
    const parameters = filesInsertParameters([file]);
    const columns = /\(([^)]*)\)/.exec(insertFilesSql(1))![1].split(', ');
    // As pg answers: a bigint as a string, timestamps as ISO text.
    const row = Object.fromEntries(
      columns.map((column, i) => {
        const value = parameters[i];
        if (column === 'size_bytes') return [column, String(value)];
        return [column, value instanceof Date ? value.toISOString() : value];
      }),
    );
    expect(fileFromRow(row)).toEqual(file);
  });

  it('numbers the parameters of a batch row after row, each row as wide as the column list', () => {
    const width = /\(([^)]*)\)/.exec(insertFilesSql(1))![1].split(', ').length;
    const sql = insertFilesSql(3);
    const tuples = sql.slice(sql.indexOf('VALUES') + 'VALUES'.length).split('),');
    expect(tuples).toHaveLength(3);
    const numbers = [...sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]));
    expect(numbers).toEqual(Array.from({ length: 3 * width }, (_, i) => i + 1));
    expect(tuples[2]).toContain(`$${2 * width + 1},`);
    const files = [new FileEntity(), new FileEntity()].map((file, i) =>
      Object.assign(file, { id: `id-${i}`, filename: `f${i}.pdf` }),
    );
    const parameters = filesInsertParameters(files);
    expect(parameters).toHaveLength(2 * width);
    expect(parameters[0]).toBe('id-0');
    expect(parameters[width]).toBe('id-1');
    expect(insertFilesSql(3)).toBe(sql);
  });
});
