import { randomBytes } from 'node:crypto';

import {
  addDevIdpAccount,
  apiRequest,
  createTestOrganization,
  registerDevIdp,
  signInWithSso,
  TestOrganization,
} from '@docket/testing';

import { ExtraGateway } from '../support/extra-gateway';

/** A documentation address (TEST-NET-2) of its own per call: no other suite spends its budget. */
function freshAddress(): string {
  const [a, b] = randomBytes(2);
  return `198.51.${a}.${b}`;
}

function exchange(baseUrl: string, apiKey: string, from: string) {
  return apiRequest('POST', '/token/authenticate', {
    baseUrl,
    body: { apiKey },
    headers: { 'x-forwarded-for': from },
  });
}

function wrongSecretOf(apiKey: string): string {
  return `${apiKey.slice(0, -6)}zzzzzz`;
}

/**
 * Issue 29, defect 7: budgets that fit people and shared addresses. Default limits (60 a minute
 * per API user, 300 per browser session, 600 per address without a token, 10 failed key
 * exchanges per address and per key), behind a trusted proxy so each test has an address of
 * its own. Every limit is checked at the limit and one past it (ten failed exchanges from one
 * address, then a valid key from it: client-address.e2e-spec.ts).
 */
describe('rate budgets for people, shared addresses and API keys', () => {
  const gateway = new ExtraGateway(8, {
    RATE_LIMIT_PER_MINUTE: '',
    SESSION_RATE_LIMIT_PER_MINUTE: '',
    PUBLIC_RATE_LIMIT_PER_MINUTE: '',
    TOKEN_EXCHANGE_FAILURES_PER_MINUTE: '',
    TRUSTED_PROXIES: '127.0.0.1',
  });
  let org: TestOrganization;

  beforeAll(async () => {
    await gateway.ready();
    org = await createTestOrganization();
  }, 150_000);

  afterAll(() => gateway.stop());

  it("guesses at one key from many addresses are refused past ten; the key's owner still exchanges", async () => {
    const owner = await org.addUser('Reviewer');
    for (let i = 0; i < 10; i++) {
      const failed = await exchange(gateway.baseUrl, wrongSecretOf(owner.apiKey), freshAddress());
      expect({ attempt: i + 1, status: failed.status }).toEqual({ attempt: i + 1, status: 401 });
    }
    const eleventh = await exchange(gateway.baseUrl, wrongSecretOf(owner.apiKey), freshAddress());
    expect(eleventh.status).toBe(429);
    expect((await exchange(gateway.baseUrl, owner.apiKey, freshAddress())).status).toBe(200);
  });

  it('600 requests without a token per address pass, the 601st is refused, and the console files still load', async () => {
    const office = freshAddress();
    const headers = { 'x-forwarded-for': office };
    const statuses: number[] = [];
    for (let i = 0; i < 600; i++) {
      const response = await fetch(`${gateway.baseUrl}/.well-known/jwks.json`, { headers });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    const refused = await apiRequest('GET', '/.well-known/jwks.json', {
      baseUrl: gateway.baseUrl,
      headers,
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('600');
    // The console's own files are never limited: the office can still open it.
    for (const path of ['/console/', '/console/items', '/favicon.ico']) {
      const response = await fetch(`${gateway.baseUrl}${path}`, { headers });
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
    }
  });

  it('a browser session has a budget of its own: 300 pass, the 301st is refused; API tokens keep 60 per user', async () => {
    const domain = `rb${randomBytes(4).toString('hex')}.example.test`;
    await registerDevIdp(org.admin.token, [domain]);
    const email = `riley@${domain}`;
    const created = await apiRequest('POST', '/users', {
      token: org.admin.token,
      body: { email, name: 'Riley Budget', role: 'Partner', projectIds: [org.projectId] },
    });
    expect(created.status).toBe(201);
    await addDevIdpAccount({ email, password: 'budget password', name: 'Riley Budget' });
    const signIn = await signInWithSso(email, 'budget password');
    const refreshed = await apiRequest<{ accessToken: string }>('POST', '/auth/refresh', {
      baseUrl: gateway.baseUrl,
      body: {},
      headers: {
        cookie: `docket_refresh=${signIn.refreshCookie}`,
        'x-forwarded-for': freshAddress(),
      },
    });
    expect(refreshed.status).toBe(200);
    const sessionToken = refreshed.body.accessToken;

    const remaining: number[] = [];
    for (let i = 0; i < 300; i++) {
      const response = await fetch(`${gateway.baseUrl}/workspaces`, {
        headers: { authorization: `Bearer ${sessionToken}` },
      });
      await response.arrayBuffer();
      expect({ request: i + 1, status: response.status }).toEqual({ request: i + 1, status: 200 });
      remaining.push(Number(response.headers.get('x-ratelimit-remaining')));
    }
    expect([remaining[0], remaining[299]]).toEqual([299, 0]);
    const refused = await apiRequest('GET', '/workspaces', {
      baseUrl: gateway.baseUrl,
      token: sessionToken,
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('300');
    // An API token keeps the specification's 60 a minute per user, apart from any session.
    const integration = await org.addUser('Partner');
    const api = await apiRequest('GET', '/workspaces', {
      baseUrl: gateway.baseUrl,
      token: integration.token,
    });
    expect(api.status).toBe(200);
    expect(api.headers.get('x-ratelimit-limit')).toBe('60');
  });
});
