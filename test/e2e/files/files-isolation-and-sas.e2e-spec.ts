import {
  BlobSASPermissions,
  generateBlobSASQueryParameters,
  StorageSharedKeyCredential,
} from '@azure/storage-blob';
import { AZURITE_DEVELOPMENT_CONNECTION_STRING, parseConnectionString } from '@docket/storage';
import { apiRequest, createTestOrganization, TestOrganization } from '@docket/testing';

import { textPdf } from './support/file-fixtures';
import {
  FileRecordBody,
  putBlob,
  requestUpload,
  uploadFile,
  UploadTicket,
  waitForStatus,
} from './support/files-api';
import { countFiles } from './support/files-database';

// Uploads are processed asynchronously (rendering, OCR): allow for a loaded machine.
jest.setTimeout(60_000);

describe('files: organization isolation and signed URLs', () => {
  let mine: TestOrganization;
  let theirs: TestOrganization;
  let theirFile: FileRecordBody;

  beforeAll(async () => {
    [mine, theirs] = await Promise.all([createTestOrganization(), createTestOrganization()]);
    theirFile = await uploadFile(
      theirs.admin.token,
      theirs.workspaceId,
      'theirs.pdf',
      await textPdf(['Their private claim data']),
    );
  }, 60_000);

  it("answers 404 on every files route for another organization's file, and changes nothing", async () => {
    const before = await countFiles(theirs.organizationId);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/files/${theirFile.fileId}`],
      ['GET', `/files/${theirFile.fileId}/pages`],
      ['GET', `/files/${theirFile.fileId}/pages?documentId=${theirFile.documents[0].documentId}`],
      ['GET', `/files/${theirFile.fileId}/pages/1/words`],
      ['POST', '/files', { filename: 'child.pdf', workspaceId: theirs.workspaceId }],
      [
        'POST',
        '/files',
        { filename: 'child.pdf', workspaceId: mine.workspaceId, parentFileId: theirFile.fileId },
      ],
    ];
    for (const [method, url, body] of calls) {
      const response = await apiRequest(method, url, { token: mine.admin.token, body });
      expect({ method, url, status: response.status, code: response.body.code }).toEqual({
        method,
        url,
        status: 404,
        code: 'NOT_FOUND',
      });
    }
    expect(await countFiles(theirs.organizationId)).toBe(before);
    expect(await countFiles(mine.organizationId)).toBe(0);
    // The same calls work for the owner.
    const own = await apiRequest('GET', `/files/${theirFile.fileId}/pages/1/words`, {
      token: theirs.admin.token,
    });
    expect(own.status).toBe(200);
  });

  it('answers 400, not 404, for a file id that is not a UUID', async () => {
    const response = await apiRequest('GET', '/files/not-a-uuid', { token: mine.admin.token });
    expect(response.status).toBe(400);
  });

  describe('the upload URL', () => {
    let ticket: UploadTicket;

    beforeAll(async () => {
      ticket = (
        await requestUpload(mine.admin.token, {
          filename: 'sas.pdf',
          workspaceId: mine.workspaceId,
        })
      ).body;
    });

    it('cannot read or list, before or after the upload', async () => {
      expect((await fetch(ticket.uploadUrl)).status).toBe(403);
      const pdf = await textPdf(['SAS test']);
      expect((await putBlob(ticket.uploadUrl, pdf)).status).toBe(201);
      expect((await fetch(ticket.uploadUrl)).status).toBe(403);
      const url = new URL(ticket.uploadUrl);
      const containerUrl = `${url.origin}${url.pathname.split('/').slice(0, -3).join('/')}?restype=container&comp=list&${url.searchParams}`;
      expect((await fetch(containerUrl)).status).toBe(403);
    });

    it('cannot write any other blob, nor another organization container', async () => {
      const url = new URL(ticket.uploadUrl);
      const sibling = new URL(url);
      sibling.pathname = url.pathname.replace(/[^/]+$/, 'other.pdf');
      expect((await putBlob(sibling.toString(), Buffer.from('%PDF-1.4'))).status).toBe(403);
      const theirContainer = new URL(url);
      theirContainer.pathname = url.pathname.replace(mine.organizationId, theirs.organizationId);
      expect((await putBlob(theirContainer.toString(), Buffer.from('%PDF-1.4'))).status).toBe(403);
    });

    it('is refused by storage when tampered with', async () => {
      const tampered = new URL(ticket.uploadUrl);
      tampered.searchParams.set('sp', 'rcwdl');
      expect((await putBlob(tampered.toString(), Buffer.from('%PDF-1.4'))).status).toBe(403);
      const extended = new URL(ticket.uploadUrl);
      extended.searchParams.set(
        'se',
        new Date(Date.now() + 24 * 3600_000).toISOString().replace(/\.\d+Z$/, 'Z'),
      );
      expect((await putBlob(extended.toString(), Buffer.from('%PDF-1.4'))).status).toBe(403);
    });

    it('is refused by storage once expired', async () => {
      // The same signature the service makes, with an expiry in the past: storage must refuse it.
      const account = parseConnectionString(AZURITE_DEVELOPMENT_CONNECTION_STRING);
      const sas = generateBlobSASQueryParameters(
        {
          containerName: mine.organizationId,
          blobName: ticket.blobPath,
          permissions: BlobSASPermissions.parse('c'),
          expiresOn: new Date(Date.now() - 60_000),
        },
        new StorageSharedKeyCredential(account.accountName, account.accountKey),
      );
      const expired = `${ticket.uploadUrl.split('?')[0]}?${sas.toString()}`;
      expect((await putBlob(expired, Buffer.from('%PDF-1.4'))).status).toBe(403);
    });
  });

  it('writes a file once: a second PUT to its upload URL is refused, before and after READY', async () => {
    const original = await textPdf(['The bytes that were checked']);
    const ticket = (
      await requestUpload(mine.admin.token, { filename: 'once.pdf', workspaceId: mine.workspaceId })
    ).body;
    expect((await putBlob(ticket.uploadUrl, original, 'application/pdf')).status).toBe(201);
    // Straight after the upload, while it may still be processing, and again once READY.
    const swapped = Buffer.from('<html><script>alert(1)</script></html>');
    expect((await putBlob(ticket.uploadUrl, swapped, 'text/html')).status).toBe(403);
    const ready = await waitForStatus(mine.admin.token, ticket.fileId);
    expect(ready.status).toBe('READY');
    expect((await putBlob(ticket.uploadUrl, swapped, 'text/html')).status).toBe(403);
    const download = await fetch(ready.downloadUrl!);
    expect(Buffer.from(await download.arrayBuffer()).equals(original)).toBe(true);
    const words = await apiRequest<{ words: Array<{ text: string }> }>(
      'GET',
      `/files/${ticket.fileId}/pages/1/words`,
      { token: mine.admin.token },
    );
    expect(words.body.words.map((word) => word.text).join(' ')).toContain('checked');
  });

  it('gives a download URL that can read but not write', async () => {
    const own = await apiRequest<FileRecordBody>('GET', `/files/${theirFile.fileId}`, {
      token: theirs.admin.token,
    });
    const downloadUrl = own.body.downloadUrl!;
    expect(new URL(downloadUrl).searchParams.get('sp')).toBe('r');
    expect((await fetch(downloadUrl)).status).toBe(200);
    expect((await putBlob(downloadUrl, Buffer.from('overwrite'))).status).toBe(403);
  });
});
