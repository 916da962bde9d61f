import { apiRequest, createTestOrganization, TestOrganization } from '@docket/testing';

/** Every identity route that takes an id, called with the other organization's ids. */
describe('organization isolation (identity routes)', () => {
  let mine: TestOrganization;
  let theirs: TestOrganization;
  let theirKeyId: string;

  beforeAll(async () => {
    [mine, theirs] = await Promise.all([createTestOrganization(), createTestOrganization()]);
    const key = await apiRequest<{ apiKeyId: string }>('POST', '/api-keys', {
      token: theirs.admin.token,
      body: { name: 'theirs' },
    });
    theirKeyId = key.body.apiKeyId;
  });

  async function snapshot(org: TestOrganization): Promise<string> {
    const [workspaces, projects, users] = await Promise.all(
      ['/workspaces', '/projects', '/users'].map((url) =>
        apiRequest('GET', `${url}?limit=100`, { token: org.admin.token }),
      ),
    );
    return JSON.stringify([workspaces.body, projects.body, users.body]);
  }

  it('answers 404 for their ids and changes nothing', async () => {
    const before = await snapshot(theirs);
    const calls: Array<[string, string, unknown?]> = [
      ['POST', `/workspaces/${theirs.workspaceId}/projects`, { name: 'intrusion' }],
      ['GET', `/projects?workspaceId=${theirs.workspaceId}`],
      ['DELETE', `/api-keys/${theirKeyId}`],
      [
        'POST',
        '/users',
        { email: 'x@example.test', name: 'x', role: 'Reviewer', projectIds: [theirs.projectId] },
      ],
      ['POST', '/api-keys', { userId: theirs.userId }],
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
    expect(await snapshot(theirs)).toBe(before);
    const exchange = await apiRequest('POST', '/token/authenticate', {
      body: { apiKey: theirs.apiKey },
    });
    expect(exchange.status).toBe(200);
  });

  it('lists only its own organization', async () => {
    const response = await apiRequest<{ data: Array<{ workspaceId: string }> }>(
      'GET',
      '/workspaces',
      { token: mine.admin.token },
    );
    expect(response.body.data.map((w) => w.workspaceId)).toEqual([mine.workspaceId]);
  });

  it('hides another user key from a non-Admin like another organization', async () => {
    const partner = await mine.addUser('Partner');
    const reviewer = await mine.addUser('Reviewer');
    const key = await apiRequest<{ apiKeyId: string }>('POST', '/api-keys', {
      token: partner.token,
      body: {},
    });
    const response = await apiRequest('DELETE', `/api-keys/${key.body.apiKeyId}`, {
      token: reviewer.token,
    });
    expect(response.status).toBe(404);
  });
});
