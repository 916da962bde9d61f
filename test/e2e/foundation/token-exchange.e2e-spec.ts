import { generateApiKey } from '@docket/platform';
import {
  apiRequest,
  createTestOrganization,
  exchangeToken,
  TEST_DATABASE_URL,
  TestOrganization,
} from '@docket/testing';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { Client } from 'pg';

describe('POST /token/authenticate', () => {
  let org: TestOrganization;

  beforeAll(async () => {
    org = await createTestOrganization();
  });

  it('exchanges a good key for a 15-minute EdDSA token with kid, iss, aud, exp', async () => {
    const response = await apiRequest<{
      accessToken: string;
      tokenType: string;
      expiresIn: number;
    }>('POST', '/token/authenticate', {
      body: { apiKey: org.apiKey },
    });
    expect(response.status).toBe(200);
    expect(response.body.tokenType).toBe('Bearer');
    expect(response.body.expiresIn).toBe(900);
    const header = decodeProtectedHeader(response.body.accessToken);
    expect(header.alg).toBe('EdDSA');
    expect(header.kid).toEqual(expect.any(String));
    const claims = decodeJwt(response.body.accessToken);
    expect(claims).toMatchObject({
      sub: org.userId,
      org: org.organizationId,
      role: 'Admin',
      aud: 'docket-api',
    });
    expect(claims.iss).toEqual(expect.any(String));
    expect(claims.exp! - claims.iat!).toBe(900);
  });

  it.each([
    ['malformed', 'not-a-key'],
    ['a key with a broken checksum', 'dkt_' + 'A'.repeat(38)],
    ['empty', ''],
  ])('refuses a %s key with 401 APIError', async (_, apiKey) => {
    const response = await apiRequest('POST', '/token/authenticate', { body: { apiKey } });
    expect([400, 401]).toContain(response.status);
    expect(response.body).toMatchObject({
      code: expect.stringMatching(/UNAUTHENTICATED|VALIDATION_FAILED/),
      traceId: expect.any(String),
    });
  });

  it('refuses a well-formed key with a valid checksum that was never issued', async () => {
    const { key } = generateApiKey();
    const response = await apiRequest('POST', '/token/authenticate', { body: { apiKey: key } });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('refuses a revoked key at once', async () => {
    const user = await org.addUser('Partner');
    const keys = await apiRequest<{ apiKeyId: string; apiKey: string }>('POST', '/api-keys', {
      token: user.token,
      body: { name: 'to revoke' },
    });
    expect(keys.status).toBe(201);
    await expect(exchangeToken(keys.body.apiKey)).resolves.toEqual(expect.any(String));
    const revoked = await apiRequest('DELETE', `/api-keys/${keys.body.apiKeyId}`, {
      token: user.token,
    });
    expect(revoked.status).toBe(200);
    const response = await apiRequest('POST', '/token/authenticate', {
      body: { apiKey: keys.body.apiKey },
    });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Invalid API key' });
  });

  it('refuses unknown body properties with 400', async () => {
    const response = await apiRequest('POST', '/token/authenticate', {
      body: { apiKey: org.apiKey, extra: true },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('shows a created key once and stores only its hash', async () => {
    const created = await apiRequest<{ apiKey: string; prefix: string }>('POST', '/api-keys', {
      token: org.admin.token,
      body: {},
    });
    expect(created.status).toBe(201);
    expect(created.body.apiKey.startsWith(created.body.prefix)).toBe(true);
    const client = new Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    const { rows } = await client.query('SELECT * FROM identity.api_keys WHERE prefix = $1', [
      created.body.prefix,
    ]);
    await client.end();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain(created.body.apiKey);
  });
});
