import {
  DEVELOPMENT_INTERNAL_EVENTS_SECRET,
  INTERNAL_EVENTS_PATH,
  INTERNAL_EVENTS_SECRET_HEADER,
} from '@docket/contracts';
import { apiRequest, createTestOrganization, TestOrganization } from '@docket/testing';

import { textPng } from './support/file-fixtures';
import { getFile, putBlob, requestUpload, waitForStatus } from './support/files-api';

// Uploads are processed asynchronously (rendering, OCR): allow for a loaded machine.
jest.setTimeout(60_000);

const SECRET = { [INTERNAL_EVENTS_SECRET_HEADER]: DEVELOPMENT_INTERNAL_EVENTS_SECRET };

function blobCreated(container: string, blobPath: string) {
  return {
    id: crypto.randomUUID(),
    eventType: 'Microsoft.Storage.BlobCreated',
    subject: `/blobServices/default/containers/${container}/blobs/${blobPath}`,
    eventTime: new Date().toISOString(),
    data: { api: 'PutBlob', url: `https://account.blob.core.windows.net/${container}/${blobPath}` },
    dataVersion: '',
    metadataVersion: '1',
  };
}

/** The internal Event Grid endpoint: shared secret, not a user token. */
describe(`POST ${INTERNAL_EVENTS_PATH}`, () => {
  let org: TestOrganization;

  beforeAll(async () => {
    org = await createTestOrganization();
  });

  it('refuses a request without the shared secret, even with a valid user token', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { [INTERNAL_EVENTS_SECRET_HEADER]: 'wrong-secret' },
    ];
    for (const headers of attempts) {
      const response = await apiRequest('POST', INTERNAL_EVENTS_PATH, {
        token: org.admin.token,
        headers,
        body: [blobCreated(org.organizationId, 'files/x/y.pdf')],
      });
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ code: 'UNAUTHENTICATED' });
      expect(response.headers.get('x-service-trace-id')).toMatch(/^[\da-f]{32}$/);
    }
  });

  it('answers the Event Grid subscription handshake', async () => {
    const response = await apiRequest('POST', INTERNAL_EVENTS_PATH, {
      headers: { ...SECRET, 'aeg-event-type': 'SubscriptionValidation' },
      body: [
        {
          id: crypto.randomUUID(),
          eventType: 'Microsoft.EventGrid.SubscriptionValidationEvent',
          subject: '',
          data: { validationCode: '512d38b6-c7b8-40c8-89fe-f46f9e9622b6' },
        },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      validationResponse: '512d38b6-c7b8-40c8-89fe-f46f9e9622b6',
    });
  });

  it('refuses a body that is not an Event Grid delivery', async () => {
    for (const body of [
      [],
      ['text'],
      [{ eventType: 'Microsoft.EventGrid.SubscriptionValidationEvent', data: {} }],
    ]) {
      const response = await apiRequest('POST', INTERNAL_EVENTS_PATH, { headers: SECRET, body });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('marks the matching upload arrived; other blobs are ignored', async () => {
    const ticket = await requestUpload(org.admin.token, {
      filename: 'pushed.png',
      workspaceId: org.workspaceId,
    });
    expect((await putBlob(ticket.body.uploadUrl, await textPng(['PUSHED']))).status).toBe(201);
    const response = await apiRequest<{ matchedFileIds: string[] }>('POST', INTERNAL_EVENTS_PATH, {
      headers: SECRET,
      body: [
        blobCreated(org.organizationId, ticket.body.blobPath),
        blobCreated(org.organizationId, 'files/unknown/thing.pdf'),
        blobCreated('not-ours', 'files/x/y.pdf'),
        {
          ...blobCreated(org.organizationId, ticket.body.blobPath),
          eventType: 'Microsoft.Storage.BlobDeleted',
        },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body.matchedFileIds).toEqual([ticket.body.fileId]);
    const record = await getFile(org.admin.token, ticket.body.fileId);
    expect(record.body.status).not.toBe('READY_TO_UPLOAD');
    expect((await waitForStatus(org.admin.token, ticket.body.fileId)).status).toBe('READY');
  });

  it('does not mark an upload whose blob is not really there', async () => {
    const ticket = await requestUpload(org.admin.token, {
      filename: 'never.pdf',
      workspaceId: org.workspaceId,
    });
    const response = await apiRequest<{ matchedFileIds: string[] }>('POST', INTERNAL_EVENTS_PATH, {
      headers: SECRET,
      body: [blobCreated(org.organizationId, ticket.body.blobPath)],
    });
    expect(response.status).toBe(200);
    expect((await getFile(org.admin.token, ticket.body.fileId)).body.status).toBe(
      'READY_TO_UPLOAD',
    );
  });
});
