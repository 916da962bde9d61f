import { createTestOrganization, TestOrganization } from '@docket/testing';

import { zipOf } from './support/file-fixtures';
import { putBlob, requestUpload, uploadFile } from './support/files-api';

// The size cap (FILE_MAX_BYTES) the stacks run with: the documented default.
const FILE_MAX_BYTES = 50 * 1024 * 1024;

jest.setTimeout(120_000);

/** A zip of exactly `size` bytes: one stored (uncompressed) entry padded to fit. */
async function zipOfSize(size: number): Promise<Buffer> {
  const probe = await zipOf([{ name: 'padding.bin', data: Buffer.alloc(1), compress: false }]);
  const overhead = probe.length - 1;
  const zip = await zipOf([
    { name: 'padding.bin', data: Buffer.alloc(size - overhead, 7), compress: false },
  ]);
  if (zip.length !== size) throw new Error(`zip is ${zip.length} bytes, wanted ${size}`);
  return zip;
}

describe('files: the upload size cap (50 MiB by default)', () => {
  let org: TestOrganization;

  beforeAll(async () => {
    org = await createTestOrganization();
  }, 30_000);

  it('processes a file of exactly the cap', async () => {
    const file = await uploadFile(
      org.admin.token,
      org.workspaceId,
      'at-cap.zip',
      await zipOfSize(FILE_MAX_BYTES),
      {},
      90_000,
    );
    expect(file).toMatchObject({ status: 'READY', size: FILE_MAX_BYTES, failureCode: null });
    expect(file.children).toEqual([
      expect.objectContaining({ filename: 'padding.bin', status: 'UNSUPPORTED' }),
    ]);
  });

  it('fails a file one byte over the cap with FILE_TOO_LARGE and keeps answering', async () => {
    const file = await uploadFile(
      org.admin.token,
      org.workspaceId,
      'over-cap.zip',
      await zipOfSize(FILE_MAX_BYTES + 1),
    );
    expect(file).toMatchObject({
      status: 'FAILED',
      size: FILE_MAX_BYTES + 1,
      failureCode: 'FILE_TOO_LARGE',
      children: [],
    });
    expect(file.failureReason).toContain(String(FILE_MAX_BYTES));
    const next = await requestUpload(org.admin.token, {
      filename: 'next.zip',
      workspaceId: org.workspaceId,
    });
    expect(next.status).toBe(201);
    expect(
      (await putBlob(next.body.uploadUrl, await zipOf([{ name: 'a.txt', data: Buffer.from('a') }])))
        .status,
    ).toBe(201);
  });
});
