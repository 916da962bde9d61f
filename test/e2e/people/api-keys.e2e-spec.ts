import { apiRequest, createTestOrganization, TestOrganization, TestUser } from '@docket/testing';

type Body = Record<string, unknown>;

interface KeyRecord {
  apiKeyId: string;
  name: string;
  prefix: string;
  userId: string;
  ownerEmail: string;
  ownerName: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

interface KeyPage {
  data: KeyRecord[];
  page: number;
  limit: number;
  totalCount: number;
  totalPages: number;
}

/** GET /api-keys: what identifies a key to a person, never the key; scoped by role and org. */
describe('listing API keys', () => {
  let org: TestOrganization;
  let other: TestOrganization;
  let reviewer: TestUser;
  let partner: TestUser;

  beforeAll(async () => {
    [org, other] = await Promise.all([createTestOrganization(), createTestOrganization()]);
    [reviewer, partner] = await Promise.all([org.addUser('Reviewer'), org.addUser('Partner')]);
  });

  function list(token: string, query = '') {
    return apiRequest<KeyPage & Body>('GET', `/api-keys${query}`, { token });
  }

  it('shows an Admin every live key with its prefix, owner, creation and last use, and never a secret', async () => {
    const listed = await list(org.admin.token, '?limit=100');
    expect(listed.status).toBe(200);
    // The bootstrap key and one key per added user, each already used for a token.
    expect(listed.body.totalCount).toBe(3);
    const mine = listed.body.data.find((k) => k.userId === reviewer.userId)!;
    expect(mine).toEqual({
      apiKeyId: expect.any(String),
      name: 'test',
      prefix: reviewer.apiKey.slice(0, mine.prefix.length),
      userId: reviewer.userId,
      ownerEmail: expect.stringMatching(/^reviewer-.*@example\.test$/),
      ownerName: 'Reviewer user',
      createdAt: expect.any(String),
      lastUsedAt: expect.any(String),
      revokedAt: null,
    });
    expect(mine.prefix.length).toBeGreaterThan(4);
    expect(mine.prefix.length).toBeLessThan(reviewer.apiKey.length);
    const text = JSON.stringify(listed.body);
    for (const key of [org.apiKey, reviewer.apiKey, partner.apiKey])
      expect(text).not.toContain(key);
    expect(text).not.toMatch(/hash/i);
  });

  it("shows anyone else only their own keys, and refuses them another user's", async () => {
    const own = await list(reviewer.token);
    expect(own.status).toBe(200);
    expect(own.body.data.map((k) => k.userId)).toEqual([reviewer.userId]);
    const someoneElse = await list(reviewer.token, `?userId=${partner.userId}`);
    expect({ status: someoneElse.status, code: someoneElse.body.code }).toEqual({
      status: 401,
      code: 'PERMISSION_DENIED',
    });
    const byAdmin = await list(org.admin.token, `?userId=${partner.userId}`);
    expect(byAdmin.body.data.map((k) => k.userId)).toEqual([partner.userId]);
  });

  it('pages newest first, lists revoked keys only when asked, and revoking twice keeps the first time', async () => {
    const created: string[] = [];
    for (const name of ['first', 'second', 'third']) {
      const key = await apiRequest<{ apiKeyId: string }>('POST', '/api-keys', {
        token: partner.token,
        body: { name },
      });
      expect(key.status).toBe(201);
      created.push(key.body.apiKeyId);
    }
    const page1 = await list(partner.token, '?limit=2');
    expect(page1.body).toMatchObject({ page: 1, limit: 2, totalCount: 4, totalPages: 2 });
    expect(page1.body.data.map((k) => k.name)).toEqual(['third', 'second']);
    const page2 = await list(partner.token, '?limit=2&page=2');
    expect(page2.body.data.map((k) => k.name)).toEqual(['first', 'test']);
    const past = await list(partner.token, '?limit=2&page=3');
    expect(past.body).toMatchObject({ data: [], totalCount: 4 });

    const revoked = await apiRequest<Body>('DELETE', `/api-keys/${created[0]}`, {
      token: partner.token,
    });
    expect(revoked.status).toBe(200);
    const again = await apiRequest<Body>('DELETE', `/api-keys/${created[0]}`, {
      token: partner.token,
    });
    expect(again.body.revokedAt).toBe(revoked.body.revokedAt);
    expect((await list(partner.token)).body.data.map((k) => k.name)).not.toContain('first');
    const withRevoked = await list(partner.token, '?includeRevoked=true');
    expect(withRevoked.body.data.find((k) => k.name === 'first')?.revokedAt).toBe(
      revoked.body.revokedAt,
    );
  });

  it('takes limit 1..100 and refuses 0, 101 and anything not a plain number', async () => {
    expect((await list(org.admin.token, '?limit=100')).status).toBe(200);
    expect((await list(org.admin.token, '?limit=1')).body.data).toHaveLength(1);
    for (const query of [
      '?limit=101',
      '?limit=0',
      '?page=0',
      '?limit=ten',
      '?includeRevoked=yes',
      '?userId=not-a-uuid',
      '?owner=me',
    ]) {
      const refused = await list(org.admin.token, query);
      expect({ query, status: refused.status, code: refused.body.code }).toEqual({
        query,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }
  });

  it("keeps organizations apart: another organization's keys are neither listed nor revocable", async () => {
    const theirs = await list(other.admin.token);
    expect(theirs.body.data.map((k) => k.userId)).toEqual([other.admin.userId]);
    const foreign = await list(org.admin.token, `?userId=${other.admin.userId}`);
    expect(foreign.body).toMatchObject({ data: [], totalCount: 0 });
    const revoke = await apiRequest<Body>('DELETE', `/api-keys/${theirs.body.data[0].apiKeyId}`, {
      token: org.admin.token,
    });
    expect({ status: revoke.status, code: revoke.body.code }).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    });
    // Still working for its owner.
    expect((await list(other.admin.token)).status).toBe(200);
  });
});
