import {
  apiRequest,
  createTestOrganization,
  exchangeToken,
  TestOrganization,
} from '@docket/testing';

import { ExtraGateway } from '../support/extra-gateway';

const REVOCATION_DEADLINE_MS = 5_000;

/** Polls until the token is refused, or gives up at the deadline with the last status. */
async function statusOnceRefused(baseUrl: string, token: string): Promise<number> {
  const deadline = Date.now() + REVOCATION_DEADLINE_MS;
  let status = 0;
  while (Date.now() < deadline) {
    status = (await apiRequest('GET', '/workspaces', { baseUrl, token })).status;
    if (status === 401) return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return status;
}

/**
 * Issue 11, finding 3: revoking an API key ends the tokens it bought, on every gateway replica,
 * within seconds, and on a replica started afterwards. Tokens carry their key id (`akid`);
 * identity broadcasts the revocation and each replica forgets what it knew of the key's user.
 */
describe('revoking an API key ends its tokens on every gateway', () => {
  const first = new ExtraGateway(5, {});
  const second = new ExtraGateway(6, {});
  let org: TestOrganization;

  beforeAll(async () => {
    await Promise.all([first.ready(), second.ready()]);
    org = await createTestOrganization();
  }, 150_000);

  afterAll(() => {
    first.stop();
    second.stop();
  });

  async function keyFor(userId: string) {
    const created = await apiRequest<{ apiKeyId: string; apiKey: string }>('POST', '/api-keys', {
      token: org.admin.token,
      body: { userId, name: 'to revoke' },
    });
    expect(created.status).toBe(201);
    return created.body;
  }

  it.each([['Partner'], ['Admin']] as const)(
    "a token of a %s user's key stops working on both replicas once the key is revoked",
    async (role) => {
      const user = await org.addUser(role);
      const key = await keyFor(user.userId);
      const token = await exchangeToken(key.apiKey);
      // Both replicas have verified and cached this token and its access.
      for (const gateway of [first, second]) {
        const response = await apiRequest('GET', '/workspaces', {
          baseUrl: gateway.baseUrl,
          token,
        });
        expect(response.status).toBe(200);
      }
      // The same user's other key (and its token) is not affected.
      const otherToken = user.token;

      const revoked = await apiRequest('DELETE', `/api-keys/${key.apiKeyId}`, {
        baseUrl: first.baseUrl,
        token: org.admin.token,
      });
      expect(revoked.status).toBe(200);

      for (const gateway of [first, second]) {
        expect(await statusOnceRefused(gateway.baseUrl, token)).toBe(401);
        const refused = await apiRequest('GET', '/workspaces', { baseUrl: gateway.baseUrl, token });
        expect(refused.body.code).toBe('UNAUTHENTICATED');
        const other = await apiRequest('GET', '/workspaces', {
          baseUrl: gateway.baseUrl,
          token: otherToken,
        });
        expect(other.status).toBe(200);
      }
      // The stack's own gateway, which never saw the token before, refuses it too.
      expect((await apiRequest('GET', '/workspaces', { token })).status).toBe(401);
    },
  );

  it('a replica started after the revocation refuses the token', async () => {
    const user = await org.addUser('Reviewer');
    const key = await keyFor(user.userId);
    const token = await exchangeToken(key.apiKey);
    expect((await apiRequest('GET', '/workspaces', { token })).status).toBe(200);
    const revoked = await apiRequest('DELETE', `/api-keys/${key.apiKeyId}`, {
      token: org.admin.token,
    });
    expect(revoked.status).toBe(200);
    const late = new ExtraGateway(7, {});
    try {
      await late.ready();
      expect(
        (await apiRequest('GET', '/workspaces', { baseUrl: late.baseUrl, token })).status,
      ).toBe(401);
    } finally {
      late.stop();
    }
  }, 150_000);
});
