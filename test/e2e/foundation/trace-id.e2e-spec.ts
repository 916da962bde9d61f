import { readFileSync } from 'node:fs';
import path from 'node:path';

import {
  apiRequest,
  createTestOrganization,
  eventually,
  REPO_ROOT,
  TEST_PROFILE,
  TestOrganization,
} from '@docket/testing';

const TRACE = /^[\da-f]{32}$/;

describe('X-Service-Trace-Id', () => {
  let org: TestOrganization;

  beforeAll(async () => {
    org = await createTestOrganization();
  });

  it.each([
    ['200', () => apiRequest('GET', '/workspaces', { token: org.admin.token }), 200],
    [
      '400',
      () => apiRequest('POST', '/workspaces', { token: org.admin.token, body: { name: '' } }),
      400,
    ],
    [
      '400 on malformed JSON',
      () => apiRequest('POST', '/workspaces', { token: org.admin.token, body: '{"name":' }),
      400,
    ],
    ['401', () => apiRequest('GET', '/workspaces'), 401],
    [
      '404 of an unknown route',
      () => apiRequest('GET', '/no/such/route', { token: org.admin.token }),
      404,
    ],
    [
      '404 of an unknown resource',
      () =>
        apiRequest('DELETE', '/api-keys/00000000-0000-4000-8000-000000000000', {
          token: org.admin.token,
        }),
      404,
    ],
  ])('is on a %s response, equal to the body traceId on errors', async (_, call, status) => {
    const response = await call();
    expect(response.status).toBe(status);
    const traceId = response.headers.get('x-service-trace-id');
    expect(traceId).toMatch(TRACE);
    if (status >= 400) expect(response.body.traceId).toBe(traceId);
  });

  it('honours an incoming W3C traceparent and carries it to the service logs', async () => {
    const traceId = [...Array(32)].map(() => Math.floor(Math.random() * 16).toString(16)).join('');
    const response = await apiRequest('GET', '/workspaces', {
      token: org.admin.token,
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(response.headers.get('x-service-trace-id')).toBe(traceId);
    const log = path.join(REPO_ROOT, '.data/logs', `${TEST_PROFILE.name}-identity.log`);
    // Logs are written asynchronously; the request also resolved the caller's access first.
    const line = await eventually(
      async () =>
        readFileSync(log, 'utf8')
          .split('\n')
          .find((entry) => entry.includes(traceId) && entry.includes('workspaces.list')),
      10_000,
    );
    expect(JSON.parse(line)).toMatchObject({
      traceId,
      service: 'identity',
      subject: 'identity.workspaces.list.v1',
    });
  });

  it('never leaks a stack trace', async () => {
    const response = await apiRequest('POST', '/users', {
      token: org.admin.token,
      body: { email: 'not-an-email', name: 'x', role: 'Boss' },
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).not.toMatch(/at .*\.(ts|js):\d+/);
    expect(response.body.details).toEqual({
      fields: expect.arrayContaining([
        expect.objectContaining({ field: 'email' }),
        expect.objectContaining({ field: 'role' }),
      ]),
    });
  });
});
