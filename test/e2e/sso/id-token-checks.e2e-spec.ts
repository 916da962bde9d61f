import { randomUUID } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

import {
  apiRequest,
  createTestOrganization,
  TEST_GATEWAY_URL,
  TestOrganization,
} from '@docket/testing';
import { exportJWK, generateKeyPair, JWK, KeyLike, SignJWT } from 'jose';

type Flaw =
  | 'none'
  | 'nonce'
  | 'audience'
  | 'issuer'
  | 'expired'
  | 'signature'
  | 'unverified-email'
  | 'foreign-domain';

/**
 * A deliberately misbehaving identity provider (a stand-in for an organization's IdP, outside
 * our system): a minimal OpenID Connect server whose ID tokens carry one chosen flaw, so the
 * test proves Docket's relying party refuses each of them.
 */
class FlawedIdp {
  flaw: Flaw = 'none';
  private server!: Server;
  private key!: KeyLike;
  private otherKey!: KeyLike;
  private jwk!: JWK;
  private readonly nonces = new Map<string, string>();
  issuer = '';

  constructor(private readonly email: () => string) {}

  async start(): Promise<void> {
    const pair = await generateKeyPair('RS256', { extractable: true });
    this.key = pair.privateKey;
    this.jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    this.otherKey = (await generateKeyPair('RS256')).privateKey;
    this.server = createServer((req, res) => {
      void this.handle(req.method ?? 'GET', new URL(req.url ?? '/', this.issuer), req, res);
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.issuer = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async handle(
    method: string,
    url: URL,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<void> {
    const json = (body: unknown): void => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json({
        issuer: this.issuer,
        authorization_endpoint: `${this.issuer}/authorize`,
        token_endpoint: `${this.issuer}/token`,
        jwks_uri: `${this.issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (url.pathname === '/jwks') return json({ keys: [this.jwk] });
    if (url.pathname === '/authorize') {
      const code = randomUUID();
      this.nonces.set(code, url.searchParams.get('nonce') ?? '');
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.href });
      return void res.end();
    }
    if (url.pathname === '/token' && method === 'POST') {
      let form = '';
      for await (const chunk of req) form += String(chunk);
      const code = new URLSearchParams(form).get('code') ?? '';
      const now = Math.floor(Date.now() / 1000);
      const idToken = await new SignJWT({
        // An IdP may only vouch for addresses in the domains it was registered for.
        email: this.flaw === 'foreign-domain' ? 'casey@elsewhere.example' : this.email(),
        email_verified: this.flaw !== 'unverified-email',
        nonce: this.flaw === 'nonce' ? 'a-nonce-docket-never-sent' : this.nonces.get(code),
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(this.flaw === 'issuer' ? 'https://someone-else.example' : this.issuer)
        .setAudience(this.flaw === 'audience' ? 'another-client' : 'docket-client')
        .setSubject('user-1')
        .setIssuedAt(this.flaw === 'expired' ? now - 7200 : now)
        .setExpirationTime(this.flaw === 'expired' ? now - 3600 : now + 300)
        .sign(this.flaw === 'signature' ? this.otherKey : this.key);
      return json({
        access_token: randomUUID(),
        token_type: 'Bearer',
        expires_in: 300,
        id_token: idToken,
      });
    }
    res.writeHead(404);
    res.end();
  }
}

describe('ID token verification at the callback', () => {
  let org: TestOrganization;
  let idp: FlawedIdp;
  let email: string;

  beforeAll(async () => {
    org = await createTestOrganization();
    const domain = `flawed-${Math.random().toString(36).slice(2, 10)}.example`;
    email = `casey@${domain}`;
    idp = new FlawedIdp(() => email);
    await idp.start();
    const registered = await apiRequest('POST', '/identity-providers', {
      token: org.admin.token,
      body: {
        name: 'Flawed IdP',
        issuer: idp.issuer,
        clientId: 'docket-client',
        clientSecret: 'flawed-secret',
        domains: [domain],
      },
    });
    expect(registered.status).toBe(201);
    const user = await apiRequest('POST', '/users', {
      token: org.admin.token,
      body: { email, name: 'Casey', role: 'Reviewer', projectIds: [org.projectId] },
    });
    expect(user.status).toBe(201);
  });

  afterAll(() => idp.stop());

  /** Start, let the IdP answer at once, and hand its redirect to the gateway's callback. */
  async function callbackWith(flaw: Flaw): Promise<Response> {
    idp.flaw = flaw;
    const start = await fetch(
      `${TEST_GATEWAY_URL}/auth/sso/start?email=${encodeURIComponent(email)}`,
      { redirect: 'manual' },
    );
    expect(start.status).toBe(302);
    const authorize = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const back = new URL(authorize.headers.get('location')!);
    return fetch(`${TEST_GATEWAY_URL}${back.pathname}${back.search}`, { redirect: 'manual' });
  }

  it('accepts a sound ID token (the stand-in itself is correct)', async () => {
    const response = await callbackWith('none');
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie().join()).toContain('docket_refresh=');
  });

  it.each<Flaw>([
    'nonce',
    'audience',
    'issuer',
    'expired',
    'signature',
    'unverified-email',
    'foreign-domain',
  ])('refuses an ID token with a flaw: %s', async (flaw) => {
    const response = await callbackWith(flaw);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(response.headers.getSetCookie().join()).not.toContain('docket_refresh=');
  });
});
