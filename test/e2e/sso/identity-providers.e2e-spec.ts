import {
  apiRequest,
  createTestOrganization,
  TEST_DATABASE_URL,
  TestOrganization,
} from '@docket/testing';
import { Client } from 'pg';

interface Provider {
  identityProviderId: string;
  name: string;
  issuer: string;
  clientId: string;
  domains: string[];
  clientSecret?: string;
}

const unique = (): string => Math.random().toString(36).slice(2, 10);

/** Admins register their organization's OpenID Connect providers; secrets never come back. */
describe('identity providers', () => {
  let org: TestOrganization;
  let other: TestOrganization;

  beforeAll(async () => {
    [org, other] = await Promise.all([createTestOrganization(), createTestOrganization()]);
  });

  function body(overrides: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      name: 'Acme Entra ID',
      issuer: 'https://login.acme.example/tenant/v2.0',
      clientId: 'docket-console',
      clientSecret: 'very-secret-value',
      domains: [`acme-${unique()}.example`],
      ...overrides,
    };
  }

  function create(token: string, payload: Record<string, unknown>) {
    return apiRequest<Provider & { success: boolean }>('POST', '/identity-providers', {
      token,
      body: payload,
    });
  }

  it('creates, reads, lists, updates and deletes, never returning the secret', async () => {
    const domain = `Mixed-${unique()}.Example`;
    const created = await create(org.admin.token, body({ domains: [domain] }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      success: true,
      name: 'Acme Entra ID',
      clientId: 'docket-console',
      domains: [domain.toLowerCase()],
    });
    expect(JSON.stringify(created.body)).not.toContain('very-secret-value');
    const id = created.body.identityProviderId;

    const got = await apiRequest<Provider>('GET', `/identity-providers/${id}`, {
      token: org.admin.token,
    });
    expect(got.status).toBe(200);
    expect(got.body).not.toHaveProperty('clientSecret');

    const listed = await apiRequest<{ data: Provider[]; totalCount: number }>(
      'GET',
      '/identity-providers',
      { token: org.admin.token },
    );
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((p) => p.identityProviderId)).toContain(id);

    const renamed = await apiRequest<Provider>('PATCH', `/identity-providers/${id}`, {
      token: org.admin.token,
      body: { name: 'Renamed', domains: [`new-${unique()}.example`] },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Renamed');
    expect(renamed.body.domains).not.toContain(domain.toLowerCase());

    const deleted = await apiRequest('DELETE', `/identity-providers/${id}`, {
      token: org.admin.token,
    });
    expect(deleted.status).toBe(200);
    const gone = await apiRequest('GET', `/identity-providers/${id}`, { token: org.admin.token });
    expect(gone.status).toBe(404);
  });

  it('stores the client secret encrypted', async () => {
    const created = await create(org.admin.token, body({ clientSecret: 'plain-text-canary-42' }));
    const db = new Client({ connectionString: TEST_DATABASE_URL });
    await db.connect();
    try {
      const row = await db.query(
        'SELECT client_secret_sealed FROM identity.identity_providers WHERE id = $1',
        [created.body.identityProviderId],
      );
      expect(row.rows[0].client_secret_sealed).toMatch(/^v1\./);
      expect(row.rows[0].client_secret_sealed).not.toContain('plain-text-canary-42');
    } finally {
      await db.end();
    }
  });

  it('gives a domain to one provider across all organizations (409)', async () => {
    const domain = `shared-${unique()}.example`;
    expect((await create(org.admin.token, body({ domains: [domain] }))).status).toBe(201);
    const clash = await create(other.admin.token, body({ domains: [domain.toUpperCase()] }));
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ code: 'CONFLICT' });
  });

  it('hides other organizations’ providers (404)', async () => {
    const created = await create(org.admin.token, body());
    const peek = await apiRequest('GET', `/identity-providers/${created.body.identityProviderId}`, {
      token: other.admin.token,
    });
    expect(peek.status).toBe(404);
    const remove = await apiRequest(
      'DELETE',
      `/identity-providers/${created.body.identityProviderId}`,
      { token: other.admin.token },
    );
    expect(remove.status).toBe(404);
  });

  it('accepts 50 domains and refuses 51', async () => {
    const domains = (n: number): string[] =>
      Array.from({ length: n }, (_, i) => `d${i}-${unique()}.example`);
    expect((await create(org.admin.token, body({ domains: domains(50) }))).status).toBe(201);
    const tooMany = await create(org.admin.token, body({ domains: domains(51) }));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('accepts a 120-character name and refuses 121', async () => {
    expect((await create(org.admin.token, body({ name: 'n'.repeat(120) }))).status).toBe(201);
    expect((await create(org.admin.token, body({ name: 'n'.repeat(121) }))).status).toBe(400);
  });

  it.each([
    ['no domains', { domains: [] }],
    ['a domain that is not one', { domains: ['not a domain'] }],
    ['an issuer that is not a URL', { issuer: 'login.acme' }],
    ['an empty client secret', { clientSecret: '' }],
    ['an unknown field', { extra: true }],
  ])('refuses %s with a 400', async (_label, overrides) => {
    const response = await create(org.admin.token, body(overrides));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('answers 503 when the registered provider cannot be reached at sign-in', async () => {
    const domain = `down-${unique()}.example`;
    // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
    expect(
      (await create(org.admin.token, body({ issuer: 'http://127.0.0.1:9', domains: [domain] })))
        .status,
    ).toBe(201);
    const start = await apiRequest(
      'GET',
      `/auth/sso/start?email=${encodeURIComponent(`someone@${domain}`)}`,
    );
    expect(start.status).toBe(503);
    expect(start.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });

  it('refuses to move a domain onto a second provider by PATCH (409)', async () => {
    const domain = `patch-${unique()}.example`;
    expect((await create(org.admin.token, body({ domains: [domain] }))).status).toBe(201);
    const second = await create(org.admin.token, body());
    const patch = await apiRequest(
      'PATCH',
      `/identity-providers/${second.body.identityProviderId}`,
      { token: org.admin.token, body: { domains: [domain] } },
    );
    expect(patch.status).toBe(409);
  });

  it('is for Admins only', async () => {
    const reviewer = await org.addUser('Reviewer');
    const response = await create(reviewer.token, body());
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'PERMISSION_DENIED' });
  });
});
