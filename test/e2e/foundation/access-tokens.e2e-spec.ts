import { createHmac } from 'node:crypto';

import { apiRequest, createTestOrganization, TestOrganization } from '@docket/testing';
import { decodeJwt, KeyLike, SignJWT } from 'jose';

import { activeSigningKey } from './signing-key.fixture';

function base64url(value: object | string): string {
  return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString(
    'base64url',
  );
}

describe('access tokens on an authenticated route', () => {
  let org: TestOrganization;
  let key: { kid: string; privateKey: KeyLike; publicJwk: Record<string, string> };
  let claims: Record<string, unknown>;

  beforeAll(async () => {
    org = await createTestOrganization();
    key = await activeSigningKey();
    claims = decodeJwt(org.admin.token);
  });

  const sign = (overrides: Record<string, unknown>, header: Record<string, string> = {}) =>
    new SignJWT({ ...claims, ...overrides })
      .setProtectedHeader({ alg: 'EdDSA', kid: key.kid, ...header })
      .sign(key.privateKey);

  async function expect401(token: string, message?: RegExp): Promise<void> {
    const response = await apiRequest('GET', '/workspaces', { token });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({
      code: 'UNAUTHENTICATED',
      traceId: response.headers.get('x-service-trace-id'),
    });
    if (message) expect(String(response.body.message)).toMatch(message);
  }

  it('accepts the token from the exchange', async () => {
    const response = await apiRequest('GET', '/workspaces', { token: org.admin.token });
    expect(response.status).toBe(200);
  });

  it('accepts a token we sign the same way (the fixture is faithful)', async () => {
    const response = await apiRequest('GET', '/workspaces', { token: await sign({}) });
    expect(response.status).toBe(200);
  });

  it('refuses an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expect401(await sign({ iat: now - 1000, exp: now - 60 }), /expired/);
  });

  it('refuses a token once it expires, even after it was accepted (verified tokens are cached)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await sign({ iat: now, exp: now + 2 });
    expect((await apiRequest('GET', '/workspaces', { token })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await expect401(token, /expired/);
  });

  it('refuses an unsigned token (alg: none)', async () => {
    const token = `${base64url({ alg: 'none', typ: 'JWT', kid: key.kid })}.${base64url(claims)}.`;
    await expect401(token);
  });

  it('refuses a token signed with an unknown kid', async () => {
    await expect401(await sign({}, { kid: 'not-a-published-key' }), /unknown key/);
  });

  it('refuses an HS256 token whose secret is the public key', async () => {
    const header = base64url({ alg: 'HS256', typ: 'JWT', kid: key.kid });
    const body = base64url(claims);
    for (const secret of [JSON.stringify(key.publicJwk), key.publicJwk.x]) {
      const signature = createHmac('sha256', secret)
        .update(`${header}.${body}`)
        .digest('base64url');
      await expect401(`${header}.${body}.${signature}`);
    }
  });

  it('refuses a token for another audience', async () => {
    await expect401(await sign({ aud: 'some-other-api' }), /aud/);
  });

  it('refuses a token with a tampered payload', async () => {
    const [header, , signature] = org.admin.token.split('.');
    await expect401(
      `${header}.${base64url({ ...claims, role: 'Admin', org: '00000000-0000-4000-8000-000000000000' })}.${signature}`,
    );
  });

  it.each([undefined, 'Bearer', 'Basic abc', 'Bearer not.a.jwt'])(
    'refuses Authorization %p',
    async (authorization) => {
      const response = await apiRequest('GET', '/workspaces', {
        headers: authorization ? { authorization } : {},
      });
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ code: 'UNAUTHENTICATED' });
    },
  );

  it('publishes the verifying key in the JWKS without a private part', async () => {
    const response = await apiRequest<{ keys: Array<Record<string, string>> }>(
      'GET',
      '/.well-known/jwks.json',
    );
    expect(response.status).toBe(200);
    const published = response.body.keys.find((k) => k.kid === key.kid);
    expect(published).toMatchObject({
      kty: 'OKP',
      crv: 'Ed25519',
      alg: 'EdDSA',
      use: 'sig',
      x: key.publicJwk.x,
    });
    expect(published).not.toHaveProperty('d');
  });
});
