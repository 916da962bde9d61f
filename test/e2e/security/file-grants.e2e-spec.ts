import { apiRequest, createTestOrganization, TestOrganization, TestUser } from '@docket/testing';

import { textPdf } from '../files/support/file-fixtures';
import { FileRecordBody, uploadFile } from '../files/support/files-api';
import { countFiles } from '../files/support/files-database';

// Uploads are processed asynchronously (rendering, text layer): allow for a loaded machine.
jest.setTimeout(90_000);

/**
 * Issue 11, finding 6: project grants restrict files. A Partner or Reviewer sees the files of the
 * workspaces that hold a project granted to them, and no others (404, as if they did not exist);
 * a Partner uploads only into such a workspace. Admins see every workspace.
 */
describe('files are visible through project grants', () => {
  let org: TestOrganization;
  let otherWorkspaceId: string;
  let otherProjectId: string;
  let granted: FileRecordBody;
  let ungranted: FileRecordBody;
  let partner: TestUser;
  let reviewer: TestUser;

  const readRoutes = (fileId: string) => [
    `/files/${fileId}`,
    `/files/${fileId}/pages`,
    `/files/${fileId}/pages/1/words`,
    `/files/${fileId}/layout`,
  ];

  beforeAll(async () => {
    org = await createTestOrganization();
    const workspace = await apiRequest<{ workspaceId: string }>('POST', '/workspaces', {
      token: org.admin.token,
      body: { name: 'Other carrier' },
    });
    expect(workspace.status).toBe(201);
    otherWorkspaceId = workspace.body.workspaceId;
    const project = await apiRequest<{ projectId: string }>(
      'POST',
      `/workspaces/${otherWorkspaceId}/projects`,
      { token: org.admin.token, body: { name: 'Other intake' } },
    );
    expect(project.status).toBe(201);
    otherProjectId = project.body.projectId;
    const pdf = await textPdf(['Policy number: PN-4471']);
    [granted, ungranted, partner, reviewer] = await Promise.all([
      uploadFile(org.admin.token, org.workspaceId, 'granted.pdf', pdf),
      uploadFile(org.admin.token, otherWorkspaceId, 'ungranted.pdf', pdf),
      org.addUser('Partner', [org.projectId]),
      org.addUser('Reviewer', [org.projectId]),
    ]);
    expect([granted.status, ungranted.status]).toEqual(['READY', 'READY']);
  });

  it.each([['Partner'], ['Reviewer']])(
    'a %s granted one project reads its workspace’s files and no other workspace’s',
    async (role) => {
      const user = role === 'Partner' ? partner : reviewer;
      for (const url of readRoutes(granted.fileId)) {
        const response = await apiRequest('GET', url, { token: user.token });
        expect({ url, status: response.status }).toEqual({ url, status: 200 });
      }
      for (const url of readRoutes(ungranted.fileId)) {
        const response = await apiRequest('GET', url, { token: user.token });
        expect({ url, status: response.status, code: response.body.code }).toEqual({
          url,
          status: 404,
          code: 'NOT_FOUND',
        });
      }
    },
  );

  it('a Partner uploads into a granted workspace only, and nothing is created elsewhere', async () => {
    const before = await countFiles(org.organizationId);
    const refused = await apiRequest('POST', '/files', {
      token: partner.token,
      body: { filename: 'smuggled.pdf', workspaceId: otherWorkspaceId },
    });
    expect({ status: refused.status, code: refused.body.code }).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    });
    expect(await countFiles(org.organizationId)).toBe(before);
    const allowed = await apiRequest('POST', '/files', {
      token: partner.token,
      body: { filename: 'own.pdf', workspaceId: org.workspaceId },
    });
    expect(allowed.status).toBe(201);
  });

  it('an Admin reads every workspace’s files', async () => {
    for (const url of [...readRoutes(granted.fileId), ...readRoutes(ungranted.fileId)]) {
      const response = await apiRequest('GET', url, { token: org.admin.token });
      expect({ url, status: response.status }).toEqual({ url, status: 200 });
    }
  });

  it('a user granted a project in each workspace reads both', async () => {
    const both = await org.addUser('Reviewer', [org.projectId, otherProjectId]);
    for (const fileId of [granted.fileId, ungranted.fileId]) {
      const response = await apiRequest('GET', `/files/${fileId}`, { token: both.token });
      expect({ fileId, status: response.status }).toEqual({ fileId, status: 200 });
    }
  });
});
