import { FileReadyEvent, FileReadyEventV1 } from '@docket/contracts';
import { JetStreamEvents, Subscription } from '@docket/platform';
import { createTestOrganization, TEST_NATS_PREFIX, TestOrganization } from '@docket/testing';

import { emailWith, textPdf } from './support/file-fixtures';
import { FileRecordBody, uploadFile, waitForStatus } from './support/files-api';

// Uploads are processed asynchronously (rendering, OCR): allow for a loaded machine.
jest.setTimeout(60_000);

/** files.file.ready.v1 as the flows service will see it: a durable JetStream consumer. */
describe('files: files.file.ready.v1 on JetStream', () => {
  let org: TestOrganization;
  let events: JetStreamEvents;
  let subscription: Subscription;
  const received: Array<{ event: FileReadyEvent; msgId?: string }> = [];

  beforeAll(async () => {
    org = await createTestOrganization();
    events = await JetStreamEvents.connect({
      servers: 'nats://127.0.0.1:4222',
      name: 'e2e-files',
      prefix: TEST_NATS_PREFIX,
    });
    subscription = await events.consume(FileReadyEventV1, {
      durable: `e2e-file-ready-${crypto.randomUUID()}`,
      deliverPolicy: 'new',
      inactiveThresholdMs: 60_000,
      handle: async (event, delivery) => {
        if (event.organizationId === org.organizationId)
          received.push({ event, msgId: delivery.msgId });
      },
    });
  }, 30_000);

  afterAll(async () => {
    await subscription?.stop();
    await events?.close();
  });

  function eventsFor(fileId: string) {
    return received.filter((r) => r.event.fileId === fileId);
  }

  it('publishes one event per READY file, children included, with category and hierarchy', async () => {
    const pdf = await textPdf(['A claim form that is long enough to have its own text layer']);
    const mail = await uploadFile(
      org.admin.token,
      org.workspaceId,
      'claim.eml',
      emailWith([{ filename: 'form.pdf', contentType: 'application/pdf', content: pdf }]),
      { category: 'mailbox' },
    );
    const child: FileRecordBody = await waitForStatus(org.admin.token, mail.children[0].fileId);
    expect(child.status).toBe('READY');
    // Leave time for a (wrong) second publication to show up.
    await new Promise((r) => setTimeout(r, 2500));

    expect(eventsFor(mail.fileId)).toEqual([
      {
        msgId: `file-ready:${mail.fileId}`,
        event: expect.objectContaining({
          fileId: mail.fileId,
          organizationId: org.organizationId,
          workspaceId: org.workspaceId,
          category: 'mailbox',
          itemId: null,
          parentFileId: null,
          filename: 'claim.eml',
          mimeType: 'message/rfc822',
          pageCount: 0,
          documentIds: [],
        }),
      },
    ]);
    expect(eventsFor(child.fileId)).toEqual([
      {
        msgId: `file-ready:${child.fileId}`,
        event: expect.objectContaining({
          fileId: child.fileId,
          category: 'mailbox',
          parentFileId: mail.fileId,
          pageCount: 1,
          documentIds: [child.documents[0].documentId],
        }),
      },
    ]);
  }, 60_000);

  it('publishes nothing for a FAILED file', async () => {
    const failed = await uploadFile(
      org.admin.token,
      org.workspaceId,
      'broken.pdf',
      Buffer.from('%PDF-1.7 nothing else'),
    );
    expect(failed.status).toBe('FAILED');
    await new Promise((r) => setTimeout(r, 1500));
    expect(eventsFor(failed.fileId)).toEqual([]);
  }, 60_000);
});
