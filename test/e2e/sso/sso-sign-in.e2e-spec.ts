import {
  addDevIdpAccount,
  apiRequest,
  createTestOrganization,
  MiniBrowser,
  registerDevIdp,
  signInWithSso,
  TEST_DATABASE_URL,
  TEST_GATEWAY_URL,
  TestOrganization,
} from '@docket/testing';
import { decodeJwt } from 'jose';
import { Client } from 'pg';

/** Sign-in through the organization's IdP (the real development OIDC provider), end to end. */
describe('single sign-on', () => {
  let org: TestOrganization;
  let domain: string;
  let reviewerEmail: string;
  const password = 'correct horse battery staple';

  beforeAll(async () => {
    org = await createTestOrganization();
    domain = `sso-${Math.random().toString(36).slice(2, 10)}.example`;
    await registerDevIdp(org.admin.token, [domain]);
    reviewerEmail = `riley@${domain}`;
    const user = await apiRequest('POST', '/users', {
      token: org.admin.token,
      body: {
        email: reviewerEmail,
        name: 'Riley Reviewer',
        role: 'Reviewer',
        projectIds: [org.projectId],
      },
    });
    expect(user.status).toBe(201);
    await addDevIdpAccount({ email: reviewerEmail, password, name: 'Riley Reviewer' });
  });

  function refresh(cookie: string | undefined, headers: Record<string, string> = {}) {
    return apiRequest<{
      success: boolean;
      accessToken: string;
      expiresIn: number;
      user: { id: string; email: string; role: string };
    }>('POST', '/auth/refresh', {
      body: {},
      headers: { ...(cookie ? { cookie: `docket_refresh=${cookie}` } : {}), ...headers },
    });
  }

  function cookieOf(response: { headers: Headers }): string | undefined {
    const line = response.headers.getSetCookie().find((c) => c.startsWith('docket_refresh='));
    return line?.split(';')[0].slice('docket_refresh='.length) || undefined;
  }

  it('redirects to the IdP with code + PKCE (S256), state and nonce', async () => {
    const response = await fetch(
      `${TEST_GATEWAY_URL}/auth/sso/start?email=${encodeURIComponent(reviewerEmail)}`,
      { redirect: 'manual' },
    );
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.searchParams.get('response_type')).toBe('code');
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(location.searchParams.get('state')).toBeTruthy();
    expect(location.searchParams.get('nonce')).toBeTruthy();
    expect(location.searchParams.get('redirect_uri')).toMatch(/\/auth\/sso\/callback$/);
  });

  it('signs a known user in: httpOnly Lax cookie on /auth, redirect to returnTo, a working access token', async () => {
    const signIn = await signInWithSso(reviewerEmail, password, {
      returnTo: '/console/items?page=2',
    });
    expect(signIn.callback.status).toBe(302);
    expect(signIn.callback.location).toBe('/console/items?page=2');
    const cookie = signIn.callback.setCookies.find((c) => c.startsWith('docket_refresh='));
    expect(cookie).toMatch(/; Path=\/auth(;|$)/);
    expect(cookie).toMatch(/; HttpOnly(;|$)/);
    expect(cookie).toMatch(/; SameSite=Lax(;|$)/);
    expect(cookie).toMatch(/; Max-Age=\d+/);
    // The test stack is not production: no Secure, so plain-HTTP localhost works.
    expect(cookie).not.toMatch(/Secure/);

    const refreshed = await refresh(signIn.refreshCookie);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.success).toBe(true);
    expect(refreshed.body.expiresIn).toBe(900);
    expect(refreshed.body.user).toMatchObject({ email: reviewerEmail, role: 'Reviewer' });
    expect(decodeJwt(refreshed.body.accessToken)).toMatchObject({
      org: org.organizationId,
      role: 'Reviewer',
      aud: 'docket-api',
    });
    // The same token the API uses: it opens the reviewer's projects.
    const projects = await apiRequest<{ data: Array<{ projectId: string }> }>('GET', '/projects', {
      token: refreshed.body.accessToken,
    });
    expect(projects.status).toBe(200);
    expect(projects.body.data.map((p) => p.projectId)).toEqual([org.projectId]);
  });

  it('defaults returnTo to /console/', async () => {
    const signIn = await signInWithSso(reviewerEmail, password);
    expect(signIn.callback.location).toBe('/console/');
  });

  it('rotates the refresh cookie: each value works once', async () => {
    const signIn = await signInWithSso(reviewerEmail, password);
    const first = await refresh(signIn.refreshCookie);
    expect(first.status).toBe(200);
    const next = cookieOf(first);
    expect(next).toBeDefined();
    expect(next).not.toBe(signIn.refreshCookie);
    const replay = await refresh(signIn.refreshCookie);
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ code: expect.any(String) });
    expect((await refresh(next)).status).toBe(200);
  });

  it('refuses a refresh without the cookie, and one that is not JSON', async () => {
    const missing = await refresh(undefined);
    expect(missing.status).toBe(401);
    const signIn = await signInWithSso(reviewerEmail, password);
    const form = await apiRequest('POST', '/auth/refresh', {
      body: 'a=b',
      headers: {
        cookie: `docket_refresh=${signIn.refreshCookie}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    expect(form.status).toBeGreaterThanOrEqual(400);
    expect(form.status).toBeLessThan(500);
    // The form post spent nothing: the cookie still works.
    expect((await refresh(signIn.refreshCookie)).status).toBe(200);
  });

  it('logout revokes the session, its access tokens and the cookie, and names the IdP sign-out', async () => {
    const signIn = await signInWithSso(reviewerEmail, password);
    const session = await refresh(signIn.refreshCookie);
    const accessToken = session.body.accessToken;
    expect(decodeJwt(accessToken).sid).toEqual(expect.any(String));
    expect((await apiRequest('GET', '/projects', { token: accessToken })).status).toBe(200);
    const logout = await apiRequest<{ logoutUrl?: string }>('POST', '/auth/logout', {
      body: {},
      headers: { cookie: `docket_refresh=${cookieOf(session)}` },
    });
    expect(logout.status).toBe(200);
    // RP-initiated logout at the provider, back to the console afterwards.
    const end = new URL(logout.body.logoutUrl ?? '');
    expect(end.pathname).toBe('/session/end');
    expect(end.searchParams.get('id_token_hint')).toMatch(/^ey/);
    expect(end.searchParams.get('post_logout_redirect_uri')).toMatch(/\/console\/signed-out$/);
    // The session's access token stops working at once, not when it expires.
    const refused = await apiRequest('GET', '/projects', { token: accessToken });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'UNAUTHENTICATED' });
    const cleared = logout.headers.getSetCookie().find((c) => c.startsWith('docket_refresh='));
    expect(cleared).toMatch(/^docket_refresh=;.*Max-Age=0/);
    expect((await refresh(cookieOf(session))).status).toBe(401);
  });

  it('an expired session cannot refresh', async () => {
    const signIn = await signInWithSso(reviewerEmail, password);
    const db = new Client({ connectionString: TEST_DATABASE_URL });
    await db.connect();
    try {
      const user = await db.query(
        `UPDATE identity.sessions SET expires_at = now() - interval '1 second'
          WHERE user_id = (SELECT id FROM identity.users WHERE email = $1)
            AND revoked_at IS NULL RETURNING id`,
        [reviewerEmail],
      );
      expect(user.rowCount).toBeGreaterThan(0);
    } finally {
      await db.end();
    }
    const expired = await refresh(signIn.refreshCookie);
    expect(expired.status).toBe(401);
    expect(expired.headers.getSetCookie().join()).toMatch(/docket_refresh=;.*Max-Age=0/);
  });

  it('refuses a callback whose state was not issued, and a state used twice', async () => {
    const forged = await signInWithSso(reviewerEmail, password, {
      tamper: (url) => {
        url.searchParams.set('state', 'not-the-state-we-issued');
        return url;
      },
    });
    expect(forged.callback.status).toBe(401);
    expect(forged.refreshCookie).toBeUndefined();

    const signIn = await signInWithSso(reviewerEmail, password);
    expect(signIn.callback.status).toBe(302);
    const callbackUrl = signIn.browser.hops.find((hop) => hop.url.includes('/auth/sso/callback'));
    const replay = await fetch(callbackUrl!.url, { redirect: 'manual' });
    expect(replay.status).toBe(401);
  });

  it('refuses a person the IdP knows but Docket does not (never creates users)', async () => {
    const stranger = `stranger-${Math.random().toString(36).slice(2, 8)}@${domain}`;
    await addDevIdpAccount({ email: stranger, password });
    const signIn = await signInWithSso(stranger, password);
    // The spec's PERMISSION_DENIED is a 401: authenticated at the IdP, but not a Docket user.
    expect(signIn.callback.status).toBe(401);
    expect(JSON.parse(signIn.callback.body)).toMatchObject({ code: 'PERMISSION_DENIED' });
    expect(signIn.refreshCookie).toBeUndefined();
    const users = await apiRequest<{ data: Array<{ email: string }> }>('GET', '/users?limit=100', {
      token: org.admin.token,
    });
    expect(users.body.data.map((u) => u.email)).not.toContain(stranger);
  });

  it('sends a browser whose sign-in is refused to a console page, and API clients JSON', async () => {
    const start = `/auth/sso/start?email=someone%40nowhere-registered.example&returnTo=${encodeURIComponent('/console/items?page=2')}`;
    const page = await fetch(`${TEST_GATEWAY_URL}${start}`, {
      headers: { accept: 'text/html,application/xhtml+xml' },
      redirect: 'manual',
    });
    expect(page.status).toBe(303);
    const location = new URL(page.headers.get('location') ?? '', TEST_GATEWAY_URL);
    expect(location.pathname).toBe('/console/sign-in-problem');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      reason: 'unknown-domain',
      email: 'someone@nowhere-registered.example',
      returnTo: '/console/items?page=2',
    });
    const replay = await fetch(`${TEST_GATEWAY_URL}/auth/sso/callback?state=never-issued&code=x`, {
      headers: { accept: 'text/html' },
      redirect: 'manual',
    });
    expect(replay.status).toBe(303);
    expect(replay.headers.get('location')).toBe('/console/sign-in-problem?reason=expired');
  });

  it('refuses an ID token for someone other than the e-mail typed at the start', async () => {
    const other = `other-${Math.random().toString(36).slice(2, 8)}@${domain}`;
    await addDevIdpAccount({ email: other, password, name: 'Other Person' });
    const created = await apiRequest('POST', '/users', {
      token: org.admin.token,
      body: { email: other, name: 'Other Person', role: 'Reviewer', projectIds: [org.projectId] },
    });
    expect(created.status).toBe(201);
    // Started for the reviewer, but the person at the provider's form signs in as `other`.
    const browser = new MiniBrowser();
    const isCallback = (url: URL): boolean => url.pathname === '/auth/sso/callback';
    const form = await browser.navigate(
      `${TEST_GATEWAY_URL}/auth/sso/start?email=${encodeURIComponent(reviewerEmail)}`,
      {},
      isCallback,
    );
    const action = /action="([^"]+)"/.exec(form.body)?.[1] ?? '';
    const atCallback = await browser.navigate(
      new URL(action, form.url).href,
      { method: 'POST', form: { email: other, password } },
      isCallback,
    );
    const callback = new URL(atCallback.url);
    const refused = await fetch(`${TEST_GATEWAY_URL}${callback.pathname}${callback.search}`, {
      redirect: 'manual',
    });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({
      code: 'UNAUTHENTICATED',
      details: { reason: 'wrong-person', email: reviewerEmail },
    });
    expect(refused.headers.getSetCookie().join()).not.toContain('docket_refresh=');
  });

  it('answers 404 for an e-mail domain no provider serves', async () => {
    const response = await apiRequest(
      'GET',
      '/auth/sso/start?email=someone%40nowhere-registered.example',
    );
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: expect.any(String) });
  });

  it.each(['//evil.example/console', 'https://evil.example/', 'console/', '/\\evil.example'])(
    'refuses returnTo %s (only paths on this site)',
    async (returnTo) => {
      const response = await apiRequest(
        'GET',
        `/auth/sso/start?email=${encodeURIComponent(reviewerEmail)}&returnTo=${encodeURIComponent(returnTo)}`,
      );
      expect(response.status).toBe(400);
    },
  );
});
