import { createTestOrganization, TestOrganization } from '@docket/testing';

import { emailWith, fakeDocx, textPdf, zipOf } from './support/file-fixtures';
import { FileRecordBody, getFile, uploadFile, waitForStatus } from './support/files-api';

// Uploads are processed asynchronously (rendering, OCR): allow for a loaded machine.
jest.setTimeout(60_000);

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('files: e-mail and zip hierarchies', () => {
  let org: TestOrganization;
  let pdf: Buffer;

  beforeAll(async () => {
    org = await createTestOrganization();
    pdf = await textPdf(['Attached claim form', 'Second page']);
  });

  async function childrenOf(container: FileRecordBody): Promise<Map<string, FileRecordBody>> {
    const children = new Map<string, FileRecordBody>();
    for (const child of container.children) {
      children.set(
        child.filename,
        await waitForStatus(org.admin.token, child.fileId, ['READY', 'FAILED', 'UNSUPPORTED']),
      );
    }
    return children;
  }

  it('unpacks an e-mail with a PDF and a .docx into a READY and an UNSUPPORTED child', async () => {
    const mail = await uploadFile(
      org.admin.token,
      org.workspaceId,
      'claim.eml',
      emailWith([
        { filename: 'claim-form.pdf', contentType: 'application/pdf', content: pdf },
        { filename: 'notes.docx', contentType: DOCX, content: fakeDocx() },
      ]),
      { category: 'mailbox' },
    );
    expect(mail).toMatchObject({ status: 'READY', pageCount: 0, mimeType: 'message/rfc822' });
    expect(mail.children).toHaveLength(2);

    const children = await childrenOf(mail);
    expect(children.get('claim-form.pdf')).toMatchObject({
      status: 'READY',
      pageCount: 2,
      parentFileId: mail.fileId,
      mimeType: 'application/pdf',
      size: pdf.length,
    });
    expect(children.get('notes.docx')).toMatchObject({
      status: 'UNSUPPORTED',
      parentFileId: mail.fileId,
      mimeType: DOCX,
      failureReason: null,
    });
    const child = children.get('claim-form.pdf')!;
    const download = await fetch(child.downloadUrl!);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await getFile(org.admin.token, child.fileId)).body).toMatchObject({
      category: 'mailbox',
    });
  }, 90_000);

  it('unpacks a zip likewise; its unsupported entries are application/octet-stream', async () => {
    const zip = await uploadFile(
      org.admin.token,
      org.workspaceId,
      'bundle.zip',
      await zipOf([
        { name: 'forms/claim-form.pdf', data: pdf },
        { name: 'forms/notes.docx', data: fakeDocx() },
        { name: 'forms/', data: Buffer.alloc(0) },
      ]),
    );
    expect(zip).toMatchObject({ status: 'READY', pageCount: 0 });
    const children = await childrenOf(zip);
    expect([...children.keys()].sort()).toEqual(['claim-form.pdf', 'notes.docx']);
    expect(children.get('claim-form.pdf')).toMatchObject({ status: 'READY', pageCount: 2 });
    expect(children.get('notes.docx')).toMatchObject({
      status: 'UNSUPPORTED',
      mimeType: 'application/octet-stream',
    });
  }, 90_000);

  it('unpacks nested containers to depth 2 and refuses the third level (TOO_DEEP)', async () => {
    const level3 = await zipOf([{ name: 'deepest.pdf', data: pdf }]);
    const level2 = await zipOf([{ name: 'level3.zip', data: level3 }]);
    const level1 = await zipOf([{ name: 'level2.zip', data: level2 }]);
    const level0 = await zipOf([{ name: 'level1.zip', data: level1 }]);

    const top = await uploadFile(org.admin.token, org.workspaceId, 'level0.zip', level0);
    expect(top.status).toBe('READY');
    const one = (await childrenOf(top)).get('level1.zip')!;
    expect(one.status).toBe('READY');
    const two = (await childrenOf(one)).get('level2.zip')!;
    expect(two.status).toBe('READY');
    const three = (await childrenOf(two)).get('level3.zip')!;
    expect(three).toMatchObject({ status: 'FAILED', failureCode: 'TOO_DEEP', children: [] });
    expect(three.failureReason).toMatch(/nested/);
  }, 90_000);

  it('nests an e-mail inside a zip and processes its attachment', async () => {
    const mail = emailWith([
      { filename: 'inner.pdf', contentType: 'application/pdf', content: pdf },
    ]);
    const zip = await uploadFile(
      org.admin.token,
      org.workspaceId,
      'mails.zip',
      await zipOf([{ name: 'forwarded.eml', data: mail }]),
    );
    const inner = (await childrenOf(zip)).get('forwarded.eml')!;
    expect(inner).toMatchObject({ status: 'READY', mimeType: 'message/rfc822' });
    expect((await childrenOf(inner)).get('inner.pdf')).toMatchObject({
      status: 'READY',
      pageCount: 2,
    });
  }, 90_000);
});
