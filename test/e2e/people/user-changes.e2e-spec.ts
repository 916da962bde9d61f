import {
  addDevIdpAccount,
  apiRequest,
  createTestOrganization,
  eventually,
  exchangeToken,
  registerDevIdp,
  signInWithSso,
  TestOrganization,
  TestUser,
} from '@docket/testing';

type Body = Record<string, unknown>;

interface UserBody extends Body {
  userId: string;
  role: string;
  projectIds: string[];
  active: boolean;
  deactivatedAt: string | null;
}

/** PATCH /users/{id} and POST /users/{id}/deactivate: what an Admin changes about a person. */
describe('changing and deactivating users', () => {
  let org: TestOrganization;
  let other: TestOrganization;
  let secondProjectId: string;

  beforeAll(async () => {
    [org, other] = await Promise.all([createTestOrganization(), createTestOrganization()]);
    const project = await apiRequest<{ projectId: string }>(
      'POST',
      `/workspaces/${org.workspaceId}/projects`,
      { token: org.admin.token, body: { name: 'Second agent' } },
    );
    secondProjectId = project.body.projectId;
  });

  function patch(token: string, userId: string, body: unknown) {
    return apiRequest<UserBody>('PATCH', `/users/${userId}`, { token, body });
  }

  function deactivate(token: string, userId: string) {
    return apiRequest<UserBody>('POST', `/users/${userId}/deactivate`, { token });
  }

  /** Polls a request until its status is the one wanted (gateways forget cached access at once, but asynchronously). */
  async function statusBecomes(wanted: number, request: () => Promise<{ status: number }>) {
    return eventually(async () => {
      const { status } = await request();
      return status === wanted ? status : undefined;
    }, 10_000);
  }

  it('changes a role with effect on the token the person already holds', async () => {
    const person = await org.addUser('Reviewer');
    const environments = () => apiRequest('GET', '/environments', { token: person.token });
    expect((await environments()).status).toBe(401);
    const changed = await patch(org.admin.token, person.userId, { role: 'Partner' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      success: true,
      userId: person.userId,
      role: 'Partner',
      projectIds: [org.projectId],
      active: true,
      deactivatedAt: null,
    });
    expect(await statusBecomes(200, environments)).toBe(200);
    const back = await patch(org.admin.token, person.userId, { role: 'Reviewer' });
    expect(back.body.role).toBe('Reviewer');
    expect(await statusBecomes(401, environments)).toBe(401);
  });

  it('replaces project grants, and an Admin keeps none', async () => {
    const person = await org.addUser('Reviewer');
    const projects = async () =>
      (
        await apiRequest<{ data: Array<{ projectId: string }> }>('GET', '/projects', {
          token: person.token,
        })
      ).body.data.map((p) => p.projectId);
    expect(await projects()).toEqual([org.projectId]);
    const regranted = await patch(org.admin.token, person.userId, {
      projectIds: [secondProjectId, secondProjectId],
    });
    expect(regranted.body.projectIds).toEqual([secondProjectId]);
    expect(
      await eventually(
        async () => ((await projects()).join() === secondProjectId ? true : undefined),
        10_000,
      ),
    ).toBe(true);
    const none = await patch(org.admin.token, person.userId, { projectIds: [] });
    expect(none.body.projectIds).toEqual([]);
    const admin = await patch(org.admin.token, person.userId, {
      role: 'Admin',
      projectIds: [org.projectId],
    });
    expect(admin.body).toMatchObject({ role: 'Admin', projectIds: [] });
    const listed = await apiRequest<{ data: UserBody[] }>('GET', '/users?limit=100', {
      token: org.admin.token,
    });
    expect(listed.body.data.find((u) => u.userId === person.userId)).toMatchObject({
      role: 'Admin',
      projectIds: [],
      active: true,
    });
  });

  it('refuses bad changes with a clear error and changes nothing', async () => {
    const person = await org.addUser('Reviewer');
    const atLimit = Array.from({ length: 1000 }, () => org.projectId);
    expect((await patch(org.admin.token, person.userId, { projectIds: atLimit })).status).toBe(200);
    const cases: Array<[unknown, number, string]> = [
      [{}, 400, 'VALIDATION_FAILED'],
      [{ role: 'Owner' }, 400, 'VALIDATION_FAILED'],
      [{ role: 'Partner', email: 'x@example.test' }, 400, 'VALIDATION_FAILED'],
      [{ projectIds: ['not-a-uuid'] }, 400, 'VALIDATION_FAILED'],
      [{ projectIds: [...atLimit, org.projectId] }, 400, 'VALIDATION_FAILED'],
      [{ projectIds: [other.projectId] }, 404, 'NOT_FOUND'],
    ];
    for (const [body, status, code] of cases) {
      const refused = await patch(org.admin.token, person.userId, body);
      expect({ body, status: refused.status, code: refused.body.code }).toEqual({
        body,
        status,
        code,
      });
    }
    const own = await patch(org.admin.token, org.admin.userId, { role: 'Reviewer' });
    expect({ status: own.status, code: own.body.code }).toEqual({ status: 409, code: 'CONFLICT' });
    const listed = await apiRequest<{ data: UserBody[] }>('GET', '/users?limit=100', {
      token: org.admin.token,
    });
    expect(listed.body.data.find((u) => u.userId === person.userId)).toMatchObject({
      role: 'Reviewer',
      projectIds: [org.projectId],
    });
    expect(listed.body.data.find((u) => u.userId === org.admin.userId)?.role).toBe('Admin');
  });

  it("treats another organization's user as not found, and a malformed id as invalid", async () => {
    const theirs = await other.addUser('Reviewer');
    for (const response of [
      await patch(org.admin.token, theirs.userId, { role: 'Partner' }),
      await deactivate(org.admin.token, theirs.userId),
    ])
      expect({ status: response.status, code: response.body.code }).toEqual({
        status: 404,
        code: 'NOT_FOUND',
      });
    // Untouched: their key still buys a working token.
    const stillTheirs = await exchangeToken(theirs.apiKey);
    expect((await apiRequest('GET', '/workspaces', { token: stillTheirs })).status).toBe(200);
    expect((await patch(org.admin.token, 'nobody', { role: 'Partner' })).status).toBe(400);
    expect((await deactivate(org.admin.token, 'nobody')).status).toBe(400);
  });

  describe('deactivation', () => {
    const password = 'correct horse battery staple';
    let domain: string;

    beforeAll(async () => {
      domain = `leave-${Math.random().toString(36).slice(2, 10)}.example`;
      await registerDevIdp(org.admin.token, [domain]);
    });

    async function ssoPerson(): Promise<{ userId: string; email: string }> {
      const email = `leaver-${Math.random().toString(36).slice(2, 8)}@${domain}`;
      const created = await apiRequest<{ userId: string }>('POST', '/users', {
        token: org.admin.token,
        body: { email, name: 'Lee Leaver', role: 'Reviewer', projectIds: [org.projectId] },
      });
      expect(created.status).toBe(201);
      await addDevIdpAccount({ email, password, name: 'Lee Leaver' });
      return { userId: created.body.userId, email };
    }

    it('ends sessions, revokes keys and refuses single sign-on, at once', async () => {
      const person = await ssoPerson();
      const key = await apiRequest<{ apiKey: string }>('POST', '/api-keys', {
        token: org.admin.token,
        body: { userId: person.userId, name: 'laptop' },
      });
      const keyToken = await exchangeToken(key.body.apiKey);
      const signedIn = await signInWithSso(person.email, password);
      expect(signedIn.refreshCookie).toBeDefined();
      const refresh = () =>
        apiRequest<Body>('POST', '/auth/refresh', {
          body: {},
          headers: { cookie: `docket_refresh=${signedIn.refreshCookie}` },
        });
      const sessionToken = (await refresh()).body.accessToken as string;
      // The refresh rotated the cookie; the next refresh must present the new one.
      expect((await apiRequest('GET', '/workspaces', { token: keyToken })).status).toBe(200);
      expect((await apiRequest('GET', '/workspaces', { token: sessionToken })).status).toBe(200);

      const done = await deactivate(org.admin.token, person.userId);
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({
        success: true,
        message: 'User deactivated',
        userId: person.userId,
        active: false,
        deactivatedAt: expect.any(String),
      });

      for (const token of [keyToken, sessionToken]) {
        expect(await statusBecomes(401, () => apiRequest('GET', '/workspaces', { token }))).toBe(
          401,
        );
      }
      const exchange = await apiRequest<Body>('POST', '/token/authenticate', {
        body: { apiKey: key.body.apiKey },
      });
      expect({ status: exchange.status, code: exchange.body.code }).toEqual({
        status: 401,
        code: 'UNAUTHENTICATED',
      });
      const keys = await apiRequest<{ data: Array<{ userId: string; revokedAt: string | null }> }>(
        'GET',
        `/api-keys?userId=${person.userId}&includeRevoked=true`,
        { token: org.admin.token },
      );
      expect(keys.body.data).toHaveLength(1);
      expect(keys.body.data[0].revokedAt).toEqual(expect.any(String));

      const again = await signInWithSso(person.email, password);
      expect(again.refreshCookie).toBeUndefined();
      // Authenticated at the IdP, refused by Docket: the API's 401 PERMISSION_DENIED, which a
      // browser is shown as the console's "account deactivated" page.
      expect(again.callback.status).toBe(401);
      expect(JSON.parse(again.callback.body)).toMatchObject({
        code: 'PERMISSION_DENIED',
        details: { reason: 'deactivated' },
      });

      const key2 = await apiRequest<Body>('POST', '/api-keys', {
        token: org.admin.token,
        body: { userId: person.userId, name: 'another' },
      });
      expect({ status: key2.status, code: key2.body.code }).toEqual({
        status: 409,
        code: 'CONFLICT',
      });
      const change = await patch(org.admin.token, person.userId, { role: 'Partner' });
      expect({ status: change.status, code: change.body.code }).toEqual({
        status: 409,
        code: 'CONFLICT',
      });
      const twice = await deactivate(org.admin.token, person.userId);
      expect(twice.status).toBe(200);
      expect(twice.body.deactivatedAt).toBe(done.body.deactivatedAt);
      const listed = await apiRequest<{ data: UserBody[] }>('GET', '/users?limit=100', {
        token: org.admin.token,
      });
      expect(listed.body.data.find((u) => u.userId === person.userId)?.active).toBe(false);
    });

    it('refuses deactivating yourself and any body', async () => {
      const self = await deactivate(org.admin.token, org.admin.userId);
      expect({ status: self.status, code: self.body.code }).toEqual({
        status: 409,
        code: 'CONFLICT',
      });
      const person: TestUser = await org.addUser('Reviewer');
      const withBody = await apiRequest<Body>('POST', `/users/${person.userId}/deactivate`, {
        token: org.admin.token,
        body: { reason: 'left' },
      });
      expect(withBody.status).toBe(400);
      expect((await apiRequest('GET', '/workspaces', { token: person.token })).status).toBe(200);
    });
  });
});
