import {
  apiRequest,
  createTestOrganization,
  eventually,
  registerDevIdp,
  TestOrganization,
  TestUser,
} from '@docket/testing';

import { activate, API_ONLY, createdFlowId, publish } from '../flows/support/flows-api';
import { RunItemsFixture } from '../items/support/run-items.fixture';

type Body = Record<string, unknown> & { code?: string };

interface AuditEvent {
  eventId: string;
  occurredAt: string;
  actorId: string | null;
  action: string;
  resourceType: string;
  resourceId: string;
  details: Record<string, unknown>;
}

interface AuditPage extends Body {
  data: AuditEvent[];
  page: number;
  limit: number;
  totalCount: number;
  totalPages: number;
}

/**
 * GET /audit-events: every service records its own events with the change they record; the
 * gateway merges them. Admin only, organization-isolated, filterable, and never a secret.
 */
describe('the audit trail', () => {
  let org: TestOrganization;
  let other: TestOrganization;
  let partner: TestUser;
  let reviewer: TestUser;
  let runs: RunItemsFixture;
  const secrets: string[] = [];
  const started = new Date().toISOString();

  function trail(query = '', token = org.admin.token) {
    return apiRequest<AuditPage>('GET', `/audit-events${query}`, { token });
  }

  /** The events for one resource, waiting for the write when the change is asynchronous. */
  async function eventsOf(resourceId: string, count: number): Promise<AuditEvent[]> {
    return eventually(async () => {
      const page = await trail(`?resourceId=${resourceId}&limit=100`);
      return page.body.data.length >= count ? page.body.data : undefined;
    }, 10_000);
  }

  beforeAll(async () => {
    [org, other, runs] = await Promise.all([
      createTestOrganization(),
      createTestOrganization(),
      RunItemsFixture.connect(),
    ]);
    [partner, reviewer] = await Promise.all([org.addUser('Partner'), org.addUser('Reviewer')]);
    secrets.push(org.apiKey, partner.apiKey, reviewer.apiKey);
  }, 60_000);

  afterAll(() => runs.close());

  it('records keys created and revoked, and users created, changed and deactivated', async () => {
    const key = await apiRequest<{ apiKeyId: string; apiKey: string; prefix: string }>(
      'POST',
      '/api-keys',
      { token: partner.token, body: { name: 'audited' } },
    );
    secrets.push(key.body.apiKey);
    await apiRequest('DELETE', `/api-keys/${key.body.apiKeyId}`, { token: org.admin.token });
    const keyEvents = await eventsOf(key.body.apiKeyId, 2);
    expect(keyEvents).toEqual([
      expect.objectContaining({
        action: 'api-key.revoked',
        actorId: org.admin.userId,
        resourceType: 'api-key',
        details: { name: 'audited', prefix: key.body.prefix, ownerId: partner.userId },
      }),
      expect.objectContaining({
        action: 'api-key.created',
        actorId: partner.userId,
        eventId: expect.stringMatching(/^identity:/),
      }),
    ]);

    const person = await org.addUser('Reviewer');
    await apiRequest('PATCH', `/users/${person.userId}`, {
      token: org.admin.token,
      body: { role: 'Partner' },
    });
    await apiRequest('POST', `/users/${person.userId}/deactivate`, { token: org.admin.token });
    const userEvents = await eventsOf(person.userId, 3);
    expect(userEvents.map((e) => e.action)).toEqual([
      'user.deactivated',
      'user.changed',
      'user.created',
    ]);
    expect(userEvents[1].details).toMatchObject({
      before: { role: 'Reviewer', projectIds: [org.projectId] },
      after: { role: 'Partner', projectIds: [org.projectId] },
    });
    expect(userEvents[0].details).toMatchObject({ endedSessions: 0 });
    expect(userEvents[0].details.revokedApiKeyIds).toHaveLength(1);
  });

  it('records sign-in settings changed, with the client secret only as "replaced"', async () => {
    const domain = `audit-${Math.random().toString(36).slice(2, 10)}.example`;
    const { identityProviderId } = await registerDevIdp(org.admin.token, [domain]);
    const newSecret = `rotated-${Math.random().toString(36).slice(2)}`;
    secrets.push(newSecret);
    await apiRequest('PATCH', `/identity-providers/${identityProviderId}`, {
      token: org.admin.token,
      body: { name: 'Renamed IdP', clientSecret: newSecret },
    });
    await apiRequest('DELETE', `/identity-providers/${identityProviderId}`, {
      token: org.admin.token,
    });
    const events = await eventsOf(identityProviderId, 3);
    expect(events.map((e) => e.action)).toEqual([
      'identity-provider.deleted',
      'identity-provider.changed',
      'identity-provider.created',
    ]);
    expect(events[1].details).toEqual({
      name: 'Renamed IdP',
      changed: { name: 'Renamed IdP', clientSecret: 'replaced' },
    });
    expect(events[2].details).toMatchObject({ domains: [domain] });
  });

  it('records variables created, updated, revealed with the reason, and deleted; never a value', async () => {
    const environment = await apiRequest<{ environmentId: string }>('POST', '/environments', {
      token: org.admin.token,
      body: { name: 'audited' },
    });
    const values = ['first-secret-value', 'second-secret-value'];
    secrets.push(...values);
    const variable = await apiRequest<{ variableId: string }>('POST', '/variables', {
      token: partner.token,
      body: {
        environmentId: environment.body.environmentId,
        name: 'CLAIMS_TOKEN',
        value: values[0],
        scope: 'project',
        scopeId: org.projectId,
      },
    });
    const { variableId } = variable.body;
    await apiRequest('PATCH', `/variables/${variableId}`, {
      token: partner.token,
      body: { value: values[1] },
    });
    const reveal = (reason: unknown) =>
      apiRequest<Body>('POST', `/variables/${variableId}/reveal`, {
        token: org.admin.token,
        body: reason === undefined ? undefined : { reason },
      });
    // A reason is required: 3 to 500 characters, not blank.
    for (const reason of [undefined, 'ab', '   ', 'x'.repeat(501), 42]) {
      const refused = await reveal(reason);
      expect({ reason, status: refused.status, code: refused.body.code }).toEqual({
        reason,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }
    expect((await reveal('abc')).status).toBe(200);
    expect((await reveal('y'.repeat(500))).status).toBe(200);
    const revealed = await reveal('Rotating the claims system token');
    expect(revealed.body.value).toBe(values[1]);
    await apiRequest('DELETE', `/variables/${variableId}`, { token: org.admin.token });

    const events = await eventsOf(variableId, 6);
    expect(events.map((e) => e.action)).toEqual([
      'variable.deleted',
      'variable.revealed',
      'variable.revealed',
      'variable.revealed',
      'variable.updated',
      'variable.created',
    ]);
    expect(events[1]).toMatchObject({
      actorId: org.admin.userId,
      resourceType: 'variable',
      eventId: expect.stringMatching(/^flows:/),
      details: { name: 'CLAIMS_TOKEN', reason: 'Rotating the claims system token' },
    });
    expect(events[4]).toMatchObject({ actorId: partner.userId, details: { valueChanged: true } });
  });

  it('records flows published, activated and deactivated', async () => {
    const flowId = await createdFlowId(partner.token, org.projectId, API_ONLY);
    expect((await publish(partner.token, flowId)).status).toBe(201);
    expect((await activate(partner.token, flowId)).status).toBe(200);
    expect(
      (await apiRequest('POST', `/flows/${flowId}/deactivate`, { token: partner.token })).status,
    ).toBe(200);
    const events = await eventsOf(flowId, 3);
    expect(events.map((e) => [e.action, e.actorId])).toEqual([
      ['flow.deactivated', partner.userId],
      ['flow.activated', partner.userId],
      ['flow.published', partner.userId],
    ]);
    expect(events[2].details).toMatchObject({
      version: expect.stringMatching(/^v?\d+\.\d+\.\d+$/),
    });
  });

  it('records a lock taken over and an item closed', async () => {
    const item = await runs.create(org, { displayName: 'Audited item' });
    await runs.toReview(org, item.id);
    expect(
      (await apiRequest('POST', `/items/${item.id}/lock`, { token: reviewer.token })).status,
    ).toBe(200);
    expect(
      (await apiRequest('POST', `/items/${item.id}/lock/takeover`, { token: org.admin.token }))
        .status,
    ).toBe(200);
    expect(
      (
        await apiRequest('POST', `/items/${item.id}/close`, {
          token: org.admin.token,
          body: { reason: 'duplicate claim' },
        })
      ).status,
    ).toBe(200);
    const events = await eventsOf(item.id, 2);
    expect(events).toEqual([
      expect.objectContaining({
        action: 'item.closed',
        actorId: org.admin.userId,
        resourceType: 'item',
        eventId: expect.stringMatching(/^items:/),
        details: expect.objectContaining({ reason: 'duplicate claim' }),
      }),
      expect.objectContaining({
        action: 'lock.taken-over',
        details: expect.objectContaining({
          idle: false,
          previousHolder: { userId: reviewer.userId, name: 'Reviewer user' },
        }),
      }),
    ]);
  });

  it('filters by actor, action, resource type and time, newest first across services', async () => {
    const all = await trail('?limit=100');
    expect(all.status).toBe(200);
    const times = all.body.data.map((e) => e.occurredAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(new Set(all.body.data.map((e) => e.eventId.split(':')[0]))).toEqual(
      new Set(['identity', 'flows', 'items']),
    );

    const byPartner = await trail(`?actorId=${partner.userId}&limit=100`);
    expect(byPartner.body.data.length).toBeGreaterThan(0);
    expect(byPartner.body.data.every((e) => e.actorId === partner.userId)).toBe(true);
    const reveals = await trail('?action=variable.revealed');
    expect(reveals.body.totalCount).toBe(3);
    expect(reveals.body.data.every((e) => e.action === 'variable.revealed')).toBe(true);
    const flows = await trail('?resourceType=flow');
    expect(flows.body.data.map((e) => e.action).sort()).toEqual([
      'flow.activated',
      'flow.deactivated',
      'flow.published',
    ]);

    const middle = all.body.data[Math.floor(all.body.data.length / 2)].occurredAt;
    const after = await trail(`?occurredAfter=${middle}&limit=100`);
    const before = await trail(`?occurredBefore=${middle}&limit=100`);
    expect(after.body.data.every((e) => e.occurredAt >= middle)).toBe(true);
    expect(before.body.data.every((e) => e.occurredAt < middle)).toBe(true);
    expect(after.body.totalCount + before.body.totalCount).toBe(all.body.totalCount);
    const none = await trail(`?occurredBefore=${started}`);
    expect(none.body).toMatchObject({ data: [], totalCount: 0 });
  });

  it('pages the merged trail without overlap, page and limit 1..100', async () => {
    const all = await trail('?limit=100');
    expect(all.body.totalCount).toBeLessThanOrEqual(100);
    const pages: string[] = [];
    for (let page = 1; page <= Math.ceil(all.body.totalCount / 7); page++)
      pages.push(...(await trail(`?limit=7&page=${page}`)).body.data.map((e) => e.eventId));
    expect(pages).toEqual(all.body.data.map((e) => e.eventId));
    expect((await trail('?page=100&limit=100')).body).toMatchObject({ data: [], page: 100 });
    for (const query of [
      '?limit=101',
      '?limit=0',
      '?page=101',
      '?page=0',
      '?action=variable.peeked',
      '?resourceType=workspace',
      '?actorId=someone',
      '?occurredAfter=yesterday',
      `?occurredAfter=${started}&occurredBefore=${started}`,
      '?secret=1',
    ]) {
      const refused = await trail(query);
      expect({ query, status: refused.status, code: refused.body.code }).toEqual({
        query,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }
  });

  it('is for Admins only and holds no secret and nothing of another organization', async () => {
    for (const user of [partner, reviewer]) {
      const refused = await trail('', user.token);
      expect({ status: refused.status, code: refused.body.code }).toEqual({
        status: 401,
        code: 'PERMISSION_DENIED',
      });
    }
    const theirs = await trail('?limit=100', other.admin.token);
    expect(theirs.status).toBe(200);
    const ours = await trail('?limit=100');
    const ourIds = new Set(ours.body.data.map((e) => e.eventId));
    expect(theirs.body.data.filter((e) => ourIds.has(e.eventId))).toEqual([]);
    expect((await trail(`?actorId=${org.admin.userId}`, other.admin.token)).body.totalCount).toBe(
      0,
    );
    const text = JSON.stringify(ours.body);
    for (const secret of secrets)
      expect({ secret, found: text.includes(secret) }).toEqual({
        secret,
        found: false,
      });
  });
});
