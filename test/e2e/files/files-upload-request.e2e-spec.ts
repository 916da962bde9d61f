import { apiRequest, createTestOrganization, TestOrganization, TestUser } from '@docket/testing';

import { emailWith, fakeDocx, textPdf } from './support/file-fixtures';
import { apiErrorOf, getFile, putBlob, requestUpload, waitForStatus } from './support/files-api';
import { countFiles } from './support/files-database';

// Uploads are processed asynchronously (rendering, OCR): allow for a loaded machine.
jest.setTimeout(60_000);

const TICKET_FIELDS = [
  'blobPath',
  'expiresAt',
  'fileId',
  'message',
  'mimeType',
  'status',
  'success',
  'uploadUrl',
];

describe('POST /files: the upload request', () => {
  let org: TestOrganization;
  let other: TestOrganization;
  let partner: TestUser;
  let reviewer: TestUser;

  beforeAll(async () => {
    [org, other] = await Promise.all([createTestOrganization(), createTestOrganization()]);
    [partner, reviewer] = await Promise.all([org.addUser('Partner'), org.addUser('Reviewer')]);
  });

  it('answers exactly the File fields with a 15-minute create/write URL for one blob', async () => {
    const before = Date.now();
    const response = await requestUpload(org.admin.token, {
      filename: 'Claim Form.pdf',
      workspaceId: org.workspaceId,
      category: 'fnol-intake',
      mimeType: 'text/plain',
    });
    expect(response.status).toBe(201);
    const ticket = response.body;
    expect(Object.keys(ticket).sort()).toEqual(TICKET_FIELDS);
    expect(ticket).toMatchObject({
      success: true,
      status: 'READY_TO_UPLOAD',
      mimeType: 'application/pdf',
    });
    expect(ticket.fileId).toMatch(
      /^[\da-f]{8}-[\da-f]{4}-4[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}$/,
    );

    const url = new URL(ticket.uploadUrl);
    expect(url.pathname.endsWith(`/${org.organizationId}/${ticket.blobPath}`)).toBe(true);
    expect(url.searchParams.get('sp')).toBe('c');
    expect(url.searchParams.get('sr')).toBe('b');
    const expires = Date.parse(ticket.expiresAt);
    expect(Date.parse(url.searchParams.get('se')!)).toBe(Math.floor(expires / 1000) * 1000);
    expect(expires - before).toBeGreaterThanOrEqual(15 * 60_000 - 1000);
    expect(expires - Date.now()).toBeLessThanOrEqual(15 * 60_000);

    const record = await getFile(org.admin.token, ticket.fileId);
    expect(record.body).toMatchObject({
      status: 'READY_TO_UPLOAD',
      category: 'fnol-intake',
      downloadUrl: null,
    });
  });

  it.each([
    ['scan.PNG', 'image/png'],
    ['photo.jpg', 'image/jpeg'],
    ['photo.jpeg', 'image/jpeg'],
    ['fax.tif', 'image/tiff'],
    ['fax.tiff', 'image/tiff'],
    ['mail.eml', 'message/rfc822'],
    ['bundle.zip', 'application/zip'],
  ])('takes the MIME type of %s from its extension', async (filename, mimeType) => {
    const response = await requestUpload(partner.token, {
      filename,
      workspaceId: org.workspaceId,
      mimeType: 'application/x-whatever',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ mimeType, status: 'READY_TO_UPLOAD' });
  });

  it('refuses a Reviewer (files.create is Admin and Partner)', async () => {
    const response = await requestUpload(reviewer.token, {
      filename: 'a.pdf',
      workspaceId: org.workspaceId,
    });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'PERMISSION_DENIED' });
  });

  it('accepts the limits (255-character name, 64-character category) and refuses one past them', async () => {
    const at = await requestUpload(org.admin.token, {
      filename: `${'n'.repeat(251)}.pdf`,
      workspaceId: org.workspaceId,
      category: 'c'.repeat(64),
    });
    expect(at.status).toBe(201);
    const before = await countFiles(org.organizationId);
    for (const body of [
      { filename: `${'n'.repeat(252)}.pdf`, workspaceId: org.workspaceId },
      { filename: 'a.pdf', workspaceId: org.workspaceId, category: 'c'.repeat(65) },
    ]) {
      const response = await requestUpload(org.admin.token, body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect(await countFiles(org.organizationId)).toBe(before);
  });

  it('refuses malformed bodies with a clear error and records nothing', async () => {
    const before = await countFiles(org.organizationId);
    const cases: Array<[string, Record<string, unknown>]> = [
      ['no filename', { workspaceId: org.workspaceId }],
      ['no extension', { filename: 'claim', workspaceId: org.workspaceId }],
      ['a path', { filename: 'docs/claim.pdf', workspaceId: org.workspaceId }],
      ['dot dot', { filename: '..pdf', workspaceId: org.workspaceId }],
      ['control character', { filename: 'a\u0000b.pdf', workspaceId: org.workspaceId }],
      ['no workspace', { filename: 'a.pdf' }],
      ['workspace not a uuid', { filename: 'a.pdf', workspaceId: 'ws-1' }],
      ['empty category', { filename: 'a.pdf', workspaceId: org.workspaceId, category: '' }],
      ['item not a uuid', { filename: 'a.pdf', workspaceId: org.workspaceId, itemId: 'x' }],
      [
        'malformed mimeType',
        { filename: 'a.txt', workspaceId: org.workspaceId, mimeType: 'not a type' },
      ],
      ['unknown property', { filename: 'a.pdf', workspaceId: org.workspaceId, colour: 'red' }],
    ];
    for (const [name, body] of cases) {
      const response = await requestUpload(org.admin.token, body);
      expect({
        name,
        status: response.status,
        code: apiErrorOf(response).code,
      }).toEqual({
        name,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }
    expect(await countFiles(org.organizationId)).toBe(before);
  });

  it('answers 404 for a workspace, item or parent that is not in the organization', async () => {
    const before = await countFiles(org.organizationId);
    const theirParent = await requestUpload(other.admin.token, {
      filename: 'mail.eml',
      workspaceId: other.workspaceId,
    });
    const cases: Array<[string, Record<string, unknown>]> = [
      ['unknown workspace', { filename: 'a.pdf', workspaceId: crypto.randomUUID() }],
      ["another organization's workspace", { filename: 'a.pdf', workspaceId: other.workspaceId }],
      [
        'unknown item',
        { filename: 'a.pdf', workspaceId: org.workspaceId, itemId: crypto.randomUUID() },
      ],
      [
        'unknown parent',
        { filename: 'a.pdf', workspaceId: org.workspaceId, parentFileId: crypto.randomUUID() },
      ],
      [
        "another organization's parent",
        { filename: 'a.pdf', workspaceId: org.workspaceId, parentFileId: theirParent.body.fileId },
      ],
    ];
    for (const [name, body] of cases) {
      const response = await requestUpload(org.admin.token, body);
      expect({
        name,
        status: response.status,
        code: apiErrorOf(response).code,
      }).toEqual({
        name,
        status: 404,
        code: 'NOT_FOUND',
      });
    }
    expect(await countFiles(org.organizationId)).toBe(before);
  });

  it('refuses an unsupported type unless it is an attachment of an e-mail or zip file', async () => {
    const pdfParent = await requestUpload(org.admin.token, {
      filename: 'a.pdf',
      workspaceId: org.workspaceId,
    });
    const before = await countFiles(org.organizationId);
    for (const body of [
      { filename: 'notes.docx', workspaceId: org.workspaceId },
      { filename: 'notes.docx', workspaceId: org.workspaceId, parentFileId: pdfParent.body.fileId },
    ]) {
      const response = await requestUpload(org.admin.token, body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'UNSUPPORTED_FILE' });
      expect(apiErrorOf(response).message).toContain('attachments');
    }
    expect(await countFiles(org.organizationId)).toBe(before);
  });

  it('stores an unsupported attachment as-is with its declared MIME type', async () => {
    const mail = await requestUpload(org.admin.token, {
      filename: 'mail.eml',
      workspaceId: org.workspaceId,
    });
    const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    const declared = await requestUpload(org.admin.token, {
      filename: 'notes.docx',
      workspaceId: org.workspaceId,
      parentFileId: mail.body.fileId,
      mimeType: docxType,
    });
    expect(declared.status).toBe(201);
    expect(Object.keys(declared.body).sort()).toEqual(TICKET_FIELDS);
    expect(declared.body).toMatchObject({ status: 'UNSUPPORTED', mimeType: docxType });

    const undeclared = await requestUpload(org.admin.token, {
      filename: 'data.bin',
      workspaceId: org.workspaceId,
      parentFileId: mail.body.fileId,
    });
    expect(undeclared.body).toMatchObject({
      status: 'UNSUPPORTED',
      mimeType: 'application/octet-stream',
    });

    const bytes = fakeDocx();
    expect((await putBlob(declared.body.uploadUrl, bytes, docxType)).status).toBe(201);
    const stored = await getFile(org.admin.token, declared.body.fileId);
    expect(stored.body).toMatchObject({
      status: 'UNSUPPORTED',
      size: bytes.length,
      parentFileId: mail.body.fileId,
    });
    const download = await fetch(stored.body.downloadUrl!);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);

    const parent = await getFile(org.admin.token, mail.body.fileId);
    expect(parent.body.children.map((c) => c.fileId).sort()).toEqual(
      [declared.body.fileId, undeclared.body.fileId].sort(),
    );
  });

  it('replays the first answer for the same Idempotency-Key and body, 409 for another body', async () => {
    const headers = { 'idempotency-key': `upload-${crypto.randomUUID()}` };
    const body = { filename: 'same.pdf', workspaceId: org.workspaceId };
    const first = await requestUpload(org.admin.token, body, headers);
    expect(first.status).toBe(201);
    const before = await countFiles(org.organizationId);
    const again = await requestUpload(org.admin.token, body, headers);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const different = await requestUpload(
      org.admin.token,
      { ...body, filename: 'other.pdf' },
      headers,
    );
    expect(different.status).toBe(409);
    expect(different.body).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    expect(await countFiles(org.organizationId)).toBe(before);
  });

  it('takes an Idempotency-Key of 255 printable characters and refuses 256 or a space, creating nothing', async () => {
    const body = { filename: 'key-shape.pdf', workspaceId: org.workspaceId };
    const atLimit = await requestUpload(org.admin.token, body, {
      'idempotency-key': crypto.randomUUID().padEnd(255, 'k'),
    });
    expect(atLimit.status).toBe(201);
    const before = await countFiles(org.organizationId);
    for (const key of [crypto.randomUUID().padEnd(256, 'k'), 'with space']) {
      const refused = await requestUpload(org.admin.token, body, { 'idempotency-key': key });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Idempotency-Key must be 1-255 printable ASCII characters',
        traceId: refused.headers.get('x-service-trace-id'),
      });
    }
    expect(await countFiles(org.organizationId)).toBe(before);
  });

  it('releases an Idempotency-Key whose request failed, so a corrected retry under it succeeds', async () => {
    const headers = { 'idempotency-key': `retry-${crypto.randomUUID()}` };
    const unsupported = await requestUpload(
      org.admin.token,
      { filename: 'notes.docx', workspaceId: org.workspaceId },
      headers,
    );
    expect(unsupported.status).toBe(400);
    expect(unsupported.body).toMatchObject({ code: 'UNSUPPORTED_FILE' });
    const corrected = await requestUpload(
      org.admin.token,
      { filename: 'notes.pdf', workspaceId: org.workspaceId },
      headers,
    );
    expect(corrected.status).toBe(201);
    expect(corrected.headers.get('idempotent-replayed')).toBeNull();
  });

  it('notices the upload on read, before any reconciler tick could', async () => {
    const pdf = await textPdf(['Read detection']);
    const ticket = await requestUpload(org.admin.token, {
      filename: 'read.pdf',
      workspaceId: org.workspaceId,
    });
    expect((await putBlob(ticket.body.uploadUrl, pdf)).status).toBe(201);
    const record = await getFile(org.admin.token, ticket.body.fileId);
    expect(['UPLOADED', 'PROCESSING', 'READY']).toContain(record.body.status);
    expect(record.body.size).toBe(pdf.length);
    const ready = await waitForStatus(org.admin.token, ticket.body.fileId);
    expect(ready.status).toBe('READY');
  });

  it('keeps an e-mail attachment uploaded by a client in the e-mail hierarchy', async () => {
    const mail = await requestUpload(org.admin.token, {
      filename: 'mail.eml',
      workspaceId: org.workspaceId,
    });
    await putBlob(mail.body.uploadUrl, emailWith([]));
    const child = await requestUpload(org.admin.token, {
      filename: 'child.pdf',
      workspaceId: org.workspaceId,
      parentFileId: mail.body.fileId,
    });
    expect(child.body.status).toBe('READY_TO_UPLOAD');
    const record = await apiRequest<{ parentFileId: string }>(
      'GET',
      `/files/${child.body.fileId}`,
      {
        token: org.admin.token,
      },
    );
    expect(record.body.parentFileId).toBe(mail.body.fileId);
  });
});
