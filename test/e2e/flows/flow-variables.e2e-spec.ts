import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import {
  apiRequest,
  createTestOrganization,
  REPO_ROOT,
  TEST_PROFILE,
  TestOrganization,
  TestUser,
} from '@docket/testing';

import { EchoEndpoint } from '../support/echo-endpoint';
import { Body, graphOf, liveFlow, startedRun, steps, waitForStatus } from './support/flows-api';

const TERMINAL = ['completed', 'failed', 'canceled'];
/** Reveals are recorded with why the Admin needed the value. */
const REVEAL = { reason: 'checking the value the run used' };

function createVariable(token: string, body: Record<string, unknown>) {
  return apiRequest<Body>('POST', '/variables', { token, body });
}

describe('environments and variables: encrypted, masked, resolved only inside runs', () => {
  let org: TestOrganization;
  let other: TestOrganization;
  let partner: TestUser;
  let reviewer: TestUser;
  let environmentId: string;
  const endpoint = new EchoEndpoint();
  let endpointUrl: string;
  const canary = `canary-${Math.random().toString(36).slice(2)}-${Date.now()}`;

  beforeAll(async () => {
    [org, other] = await Promise.all([createTestOrganization(), createTestOrganization()]);
    [partner, reviewer] = await Promise.all([org.addUser('Partner'), org.addUser('Reviewer')]);
    const environment = await apiRequest<Body>('POST', '/environments', {
      token: org.admin.token,
      body: { name: 'production', description: 'live' },
    });
    expect(environment.status).toBe(201);
    environmentId = environment.body.environmentId as string;
    endpointUrl = await endpoint.start();
  });

  afterAll(() => endpoint.stop());

  it('lets Admins create environments (unique names) and Partners list them', async () => {
    const clash = await apiRequest<Body>('POST', '/environments', {
      token: org.admin.token,
      body: { name: 'production' },
    });
    expect(clash.status).toBe(409);
    const byPartner = await apiRequest<Body>('POST', '/environments', {
      token: partner.token,
      body: { name: 'staging' },
    });
    expect(byPartner.status).toBe(401);
    const list = await apiRequest<{ data: Body[] }>('GET', '/environments', {
      token: partner.token,
    });
    expect(list.body.data.map((e) => e.name)).toEqual(['production']);
    const otherList = await apiRequest<{ data: Body[] }>('GET', '/environments', {
      token: other.admin.token,
    });
    expect(otherList.body.data).toEqual([]);
  });

  it('stores values encrypted and shows them masked; Partners create and update but never reveal or delete', async () => {
    const created = await createVariable(partner.token, {
      environmentId,
      name: 'API_TOKEN',
      value: 'partner-secret-value',
      scope: 'project',
      scopeId: org.projectId,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'API_TOKEN', value: '********', scope: 'project' });
    const variableId = created.body.variableId as string;
    expect(JSON.stringify(created.body)).not.toContain('partner-secret-value');

    const updated = await apiRequest<Body>('PATCH', `/variables/${variableId}`, {
      token: partner.token,
      body: { value: 'partner-secret-value-2' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.value).toBe('********');

    const listed = await apiRequest<{ data: Body[] }>(
      'GET',
      `/variables?environmentId=${environmentId}`,
      {
        token: partner.token,
      },
    );
    expect(listed.body.data.find((v) => v.variableId === variableId)?.value).toBe('********');
    expect(JSON.stringify(listed.body)).not.toContain('partner-secret-value');

    for (const response of await Promise.all([
      apiRequest<Body>('POST', `/variables/${variableId}/reveal`, {
        token: partner.token,
        body: REVEAL,
      }),
      apiRequest<Body>('DELETE', `/variables/${variableId}`, { token: partner.token }),
      apiRequest<Body>('GET', '/variables', { token: reviewer.token }),
      createVariable(reviewer.token, {
        environmentId,
        name: 'X',
        value: 'x',
        scope: 'project',
        scopeId: org.projectId,
      }),
    ])) {
      expect({ status: response.status, code: response.body.code }).toEqual({
        status: 401,
        code: 'PERMISSION_DENIED',
      });
    }

    const revealed = await apiRequest<Body>('POST', `/variables/${variableId}/reveal`, {
      token: org.admin.token,
      body: REVEAL,
    });
    expect(revealed.status).toBe(200);
    expect(revealed.body).toMatchObject({
      variableId,
      name: 'API_TOKEN',
      value: 'partner-secret-value-2',
    });

    expect(
      (
        await apiRequest('POST', `/variables/${variableId}/reveal`, {
          token: other.admin.token,
          body: REVEAL,
        })
      ).status,
    ).toBe(404);
    const deleted = await apiRequest<Body>('DELETE', `/variables/${variableId}`, {
      token: org.admin.token,
    });
    expect(deleted.status).toBe(200);
    expect(
      (
        await apiRequest('POST', `/variables/${variableId}/reveal`, {
          token: org.admin.token,
          body: REVEAL,
        })
      ).status,
    ).toBe(404);
  });

  it('validates names, values at their limit and one past it, scopes and duplicates', async () => {
    const base = { environmentId, scope: 'project', scopeId: org.projectId };
    const atLimit = await createVariable(org.admin.token, {
      ...base,
      name: 'LONG',
      value: 'v'.repeat(8192),
    });
    expect(atLimit.status).toBe(201);
    const past = await createVariable(org.admin.token, {
      ...base,
      name: 'LONGER',
      value: 'v'.repeat(8193),
    });
    expect(past.status).toBe(400);
    const dup = await createVariable(org.admin.token, { ...base, name: 'LONG', value: 'x' });
    expect(dup.status).toBe(409);
    expect(
      (await createVariable(org.admin.token, { ...base, name: '1BAD', value: 'x' })).status,
    ).toBe(400);
    expect(
      (await createVariable(org.admin.token, { ...base, name: 'A'.repeat(65), value: 'x' })).status,
    ).toBe(400);
    expect(
      (await createVariable(org.admin.token, { ...base, name: 'A'.repeat(64), value: 'x' })).status,
    ).toBe(201);
    expect(
      (await createVariable(org.admin.token, { ...base, scope: 'galaxy', name: 'G', value: 'x' }))
        .status,
    ).toBe(400);
    // Another organization's project, workspace or environment does not exist here.
    expect(
      (await createVariable(other.admin.token, { ...base, name: 'Z', value: 'x' })).status,
    ).toBe(404);
    expect(
      (
        await createVariable(org.admin.token, {
          ...base,
          scope: 'workspace',
          scopeId: other.workspaceId,
          name: 'W',
          value: 'x',
        })
      ).status,
    ).toBe(404);
  });

  it('resolves the most specific scope inside the run: flow over project over workspace', async () => {
    const flowId = await liveFlow(
      org.admin.token,
      org.projectId,
      graphOf(
        [
          { id: 'trigger', type: 'trigger.api' },
          {
            id: 'which',
            type: 'app.http-request',
            config: {
              method: 'GET',
              url: endpointUrl,
              headers: { 'x-levels': '{{vars.LEVEL}}|{{vars.ONLY_WS}}' },
            },
          },
        ],
        [['trigger', 'which']],
      ),
    );
    const base = { environmentId, name: 'LEVEL' };
    await createVariable(org.admin.token, {
      ...base,
      value: 'workspace-level',
      scope: 'workspace',
      scopeId: org.workspaceId,
    });
    await createVariable(org.admin.token, {
      ...base,
      value: 'project-level',
      scope: 'project',
      scopeId: org.projectId,
    });
    await createVariable(org.admin.token, {
      ...base,
      value: 'flow-level',
      scope: 'flow',
      scopeId: flowId,
    });
    await createVariable(org.admin.token, {
      environmentId,
      name: 'ONLY_WS',
      value: 'ws-only',
      scope: 'workspace',
      scopeId: org.workspaceId,
    });

    const before = endpoint.received.length;
    const executionId = await startedRun(org.admin.token, flowId, { environmentId });
    expect((await waitForStatus(org.admin.token, executionId, TERMINAL)).status).toBe('completed');
    // Only the endpoint learns which values were chosen; the step shows them masked.
    expect(endpoint.received.slice(before).map((headers) => headers['x-levels'])).toEqual([
      'flow-level|ws-only',
    ]);
    const recorded = await steps(org.admin.token, executionId);
    expect(recorded.find((s) => s.nodeId === 'which')?.output).toMatchObject({
      body: { youSent: { 'x-levels': '***|***' } },
    });
  });

  it('never shows a variable value in steps, errors, API responses or logs; only an Admin reveal does', async () => {
    const secret = await createVariable(org.admin.token, {
      environmentId,
      name: 'CANARY',
      value: canary,
      scope: 'project',
      scopeId: org.projectId,
    });
    const flowId = await liveFlow(
      org.admin.token,
      org.projectId,
      graphOf(
        [
          { id: 'trigger', type: 'trigger.api' },
          {
            id: 'use',
            type: 'app.http-request',
            config: {
              method: 'GET',
              url: endpointUrl,
              headers: { 'x-greeting': 'hello {{vars.CANARY}}', 'x-raw': '{{vars.CANARY}}' },
            },
          },
          {
            id: 'echo',
            type: 'utility.transform',
            config: {
              expression:
                '{ "greeting": nodes.use.body.youSent."x-greeting", "raw": nodes.use.body.youSent."x-raw" }',
            },
          },
        ],
        [
          ['trigger', 'use'],
          ['use', 'echo'],
        ],
      ),
    );
    const failingFlow = await liveFlow(
      org.admin.token,
      org.projectId,
      graphOf(
        [
          { id: 'trigger', type: 'trigger.api' },
          {
            id: 'call',
            type: 'app.http-request',
            config: { method: 'GET', url: endpointUrl, headers: { 'x-raw': '{{vars.CANARY}}' } },
          },
          {
            id: 'leak',
            type: 'utility.transform',
            config: { expression: '$error("rejected token " & nodes.call.body.youSent."x-raw")' },
          },
        ],
        [
          ['trigger', 'call'],
          ['call', 'leak'],
        ],
      ),
    );
    // The canary also arrives as run input: input is the caller's own data, yet masked in steps
    // and in the execution detail.
    const ok = await startedRun(org.admin.token, flowId, {
      environmentId,
      input: { note: 'plain', token: canary },
    });
    const failed = await startedRun(org.admin.token, failingFlow, { environmentId });
    const okDone = await waitForStatus(org.admin.token, ok, TERMINAL);
    const failedDone = await waitForStatus(org.admin.token, failed, TERMINAL);
    expect(okDone.status).toBe('completed');
    expect(failedDone.status).toBe('failed');
    expect((failedDone.error as Body).message).toBe('Expression failed: rejected token ***');

    expect(okDone.input).toEqual({ note: 'plain', token: '***' });

    const okSteps = await steps(org.admin.token, ok);
    expect(okSteps.find((s) => s.nodeId === 'use')?.output).toMatchObject({
      body: { youSent: { 'x-greeting': 'hello ***', 'x-raw': '***' } },
    });
    expect(okSteps.find((s) => s.nodeId === 'echo')?.output).toEqual({
      greeting: 'hello ***',
      raw: '***',
    });

    const responses = await Promise.all([
      apiRequest('GET', `/flow-executions/${ok}`, { token: org.admin.token }),
      apiRequest('GET', `/flow-executions/${ok}/steps`, { token: org.admin.token }),
      apiRequest('GET', `/flow-executions/${failed}`, { token: org.admin.token }),
      apiRequest('GET', `/flow-executions/${failed}/steps`, { token: org.admin.token }),
      apiRequest('GET', `/flow-executions?projectId=${org.projectId}&limit=100`, {
        token: org.admin.token,
      }),
      apiRequest('GET', `/variables?limit=100`, { token: org.admin.token }),
      apiRequest('GET', `/flows/${flowId}`, { token: org.admin.token }),
    ]);
    for (const response of responses) expect(JSON.stringify(response.body)).not.toContain(canary);

    const logDir = path.join(REPO_ROOT, '.data/logs');
    const logs = readdirSync(logDir).filter((file) => file.startsWith(`${TEST_PROFILE.name}-`));
    expect(logs.length).toBeGreaterThan(0);
    for (const file of logs) {
      expect({
        file,
        leaked: readFileSync(path.join(logDir, file), 'utf8').includes(canary),
      }).toEqual({
        file,
        leaked: false,
      });
    }

    const revealed = await apiRequest<Body>('POST', `/variables/${secret.body.variableId}/reveal`, {
      token: org.admin.token,
      body: REVEAL,
    });
    expect(revealed.body.value).toBe(canary);
  });
});
