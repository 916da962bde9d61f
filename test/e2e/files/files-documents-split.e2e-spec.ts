import { SplitFileDocumentsV1 } from '@docket/contracts';
import { Actor, DocketException, RpcClient } from '@docket/platform';
import {
  apiRequest,
  createTestOrganization,
  TEST_NATS_PREFIX,
  TestOrganization,
} from '@docket/testing';

import { textPdf } from './support/file-fixtures';
import { FileRecordBody, requestUpload, uploadFile } from './support/files-api';

// Uploads are processed asynchronously (rendering, OCR): allow for a loaded machine.
jest.setTimeout(60_000);

// The contract is called over NATS exactly as the flows service will call it.
process.env.DOCKET_NATS_PREFIX = TEST_NATS_PREFIX;

describe('files.documents.split.v1', () => {
  let org: TestOrganization;
  let other: TestOrganization;
  let rpc: RpcClient;
  let actor: Actor;
  let file: FileRecordBody;

  beforeAll(async () => {
    [org, other] = await Promise.all([createTestOrganization(), createTestOrganization()]);
    rpc = await RpcClient.connect(['nats://127.0.0.1:4222'], 10_000);
    actor = {
      organizationId: org.organizationId,
      userId: org.userId,
      role: 'Admin',
      projectAccess: 'all',
    };
    file = await uploadFile(
      org.admin.token,
      org.workspaceId,
      'bundle.pdf',
      await textPdf([
        'Claim form for policy 4711 signed',
        'Invoice number 1 for repairs',
        'Invoice number 2 for parts',
      ]),
    );
  }, 60_000);

  afterAll(async () => rpc.onApplicationShutdown());

  const split = (documents: unknown[], fileId = file.fileId, who = actor) =>
    rpc.call(SplitFileDocumentsV1, { fileId, documents } as never, who);

  async function failure(call: Promise<unknown>): Promise<string> {
    try {
      await call;
    } catch (error) {
      if (error instanceof DocketException) return error.code;
      throw error;
    }
    return 'no error';
  }

  it('splits by page ranges; page lists and words follow the documents', async () => {
    expect(file.pageCount).toBe(3);
    const result = await split([
      { firstPage: 1, lastPage: 1, documentType: 'claim-form' },
      { firstPage: 2, lastPage: 3, documentType: 'invoice' },
    ]);
    expect(result.documents).toEqual([
      {
        documentId: expect.any(String),
        firstPage: 1,
        lastPage: 1,
        pageCount: 1,
        documentType: 'claim-form',
      },
      {
        documentId: expect.any(String),
        firstPage: 2,
        lastPage: 3,
        pageCount: 2,
        documentType: 'invoice',
      },
    ]);
    const [claim, invoice] = result.documents;

    const record = await apiRequest<FileRecordBody>('GET', `/files/${file.fileId}`, {
      token: org.admin.token,
    });
    expect(record.body.documents).toEqual(result.documents);

    const pages = await apiRequest<{
      totalCount: number;
      data: { pageNumber: number; documentId: string }[];
    }>('GET', `/files/${file.fileId}/pages?documentId=${invoice.documentId}`, {
      token: org.admin.token,
    });
    expect(pages.body.totalCount).toBe(2);
    expect(pages.body.data.map((p) => [p.pageNumber, p.documentId])).toEqual([
      [2, invoice.documentId],
      [3, invoice.documentId],
    ]);
    const words = await apiRequest<{ documentId: string }>(
      'GET',
      `/files/${file.fileId}/pages/1/words`,
      {
        token: org.admin.token,
      },
    );
    expect(words.body.documentId).toBe(claim.documentId);

    // A retry with the same split keeps the ids.
    const again = await split([
      { firstPage: 1, lastPage: 1, documentType: 'claim-form' },
      { firstPage: 2, lastPage: 3, documentType: 'invoice' },
    ]);
    expect(again.documents).toEqual(result.documents);
  });

  it('refuses ranges that do not cover every page exactly once, and keeps the split', async () => {
    const before = (await split([{ firstPage: 1, lastPage: 3 }])).documents;
    for (const documents of [
      [{ firstPage: 2, lastPage: 3 }],
      [
        { firstPage: 1, lastPage: 1 },
        { firstPage: 3, lastPage: 3 },
      ],
      [
        { firstPage: 1, lastPage: 2 },
        { firstPage: 2, lastPage: 3 },
      ],
      [{ firstPage: 1, lastPage: 4 }],
      [{ firstPage: 1, lastPage: 2 }],
      [{ firstPage: 2, lastPage: 1 }],
      [{ firstPage: 0, lastPage: 3 }],
      [],
      Array.from({ length: 1001 }, (_, i) => ({ firstPage: i + 1, lastPage: i + 1 })),
    ]) {
      expect(await failure(split(documents))).toBe('VALIDATION_FAILED');
    }
    const record = await apiRequest<FileRecordBody>('GET', `/files/${file.fileId}`, {
      token: org.admin.token,
    });
    expect(record.body.documents).toEqual(before);
  });

  it('answers CONFLICT for a file that is not READY and NOT_FOUND across organizations', async () => {
    const pending = await requestUpload(org.admin.token, {
      filename: 'later.pdf',
      workspaceId: org.workspaceId,
    });
    expect(await failure(split([{ firstPage: 1, lastPage: 1 }], pending.body.fileId))).toBe(
      'CONFLICT',
    );
    const stranger: Actor = {
      organizationId: other.organizationId,
      userId: other.userId,
      role: 'Admin',
      projectAccess: 'all',
    };
    expect(await failure(split([{ firstPage: 1, lastPage: 3 }], file.fileId, stranger))).toBe(
      'NOT_FOUND',
    );
  });
});
