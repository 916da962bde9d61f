import { apiRequest, createTestOrganization, TestOrganization, TestUser } from '@docket/testing';

import {
  Body,
  createdFlowId,
  execution,
  graphOf,
  liveFlow,
  publish,
  run,
  startedRun,
  steps,
  transformChain,
  waitForStatus,
} from './support/flows-api';

const TERMINAL = ['completed', 'failed', 'canceled'];

describe('flow runs and executions', () => {
  let org: TestOrganization;
  let other: TestOrganization;
  let partner: TestUser;
  let reviewer: TestUser;
  let flowId: string;

  beforeAll(async () => {
    [org, other] = await Promise.all([createTestOrganization(), createTestOrganization()]);
    [partner, reviewer] = await Promise.all([org.addUser('Partner'), org.addUser('Reviewer')]);
    flowId = await liveFlow(
      org.admin.token,
      org.projectId,
      transformChain(['{ "total": input.amount * 2 }', 'nodes.t1.total + 1']),
    );
  });

  it('returns an executionId at once and runs the active version to completion', async () => {
    const started = await run(partner.token, flowId, { input: { amount: 20 } });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ success: true, status: 'pending' });
    const executionId = started.body.executionId as string;

    const done = await waitForStatus(partner.token, executionId, TERMINAL);
    expect(done).toMatchObject({
      executionId,
      flowId,
      status: 'completed',
      trigger: 'api',
      flowVersion: 'v1.0.0',
      test: false,
      input: { amount: 20 },
      parentExecutionId: null,
      startedBy: partner.userId,
      error: null,
    });
    expect(Date.parse(done.completedAt as string)).toBeGreaterThanOrEqual(
      Date.parse(done.startedAt as string),
    );

    const recorded = await steps(partner.token, executionId);
    expect(recorded.map((step) => [step.nodeId, step.status, step.output])).toEqual([
      ['trigger', 'completed', expect.objectContaining({ trigger: 'api', input: { amount: 20 } })],
      ['t1', 'completed', { total: 40 }],
      ['t2', 'completed', 41],
    ]);
    for (const step of recorded) {
      expect(step).toMatchObject({ attempt: 1, sequence: expect.any(Number) });
      expect(step.durationMs).toBeGreaterThanOrEqual(0);
    }
  });

  it('shows a run completed only once it shows every step completed with its output', async () => {
    const chain = ['input.n', 'nodes.t1 + 1', 'nodes.t2 + 1', 'nodes.t3 + 1', 'nodes.t4 + 1'];
    const chainId = await liveFlow(org.admin.token, org.projectId, transformChain(chain));
    // Several runs at once, so that their steps' events and their ends interleave.
    const runs = Array.from({ length: 8 }, (_, n) => n);
    await Promise.all(
      runs.map(async (n) => {
        const executionId = await startedRun(partner.token, chainId, { input: { n } });
        await waitForStatus(partner.token, executionId, ['completed']);
        const recorded = await steps(partner.token, executionId);
        expect(recorded.map((step) => [step.nodeId, step.status, step.output])).toEqual([
          ['trigger', 'completed', expect.objectContaining({ input: { n } })],
          ...chain.map((_, index) => [`t${index + 1}`, 'completed', n + index]),
        ]);
      }),
    );
  });

  it('refuses to run an inactive flow, but runs its draft as a test run listed apart', async () => {
    const draftFlow = await createdFlowId(
      org.admin.token,
      org.projectId,
      transformChain(['"draft"']),
    );
    const refused = await run(org.admin.token, draftFlow, {});
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CONFLICT');

    const testRun = await startedRun(partner.token, draftFlow, { draft: true });
    const done = await waitForStatus(org.admin.token, testRun, TERMINAL);
    expect(done).toMatchObject({ status: 'completed', test: true, flowVersion: 'draft' });

    const normal = await apiRequest<{ data: Body[] }>(
      'GET',
      `/flow-executions?projectId=${org.projectId}&flowId=${draftFlow}`,
      { token: org.admin.token },
    );
    expect(normal.body.data).toEqual([]);
    const tests = await apiRequest<{ data: Body[] }>(
      'GET',
      `/flow-executions?projectId=${org.projectId}&flowId=${draftFlow}&test=true`,
      { token: org.admin.token },
    );
    expect(tests.body.data.map((e) => e.executionId)).toEqual([testRun]);
  });

  it('honours Idempotency-Key: the same key and body start one run', async () => {
    const key = `run-${Math.random().toString(36).slice(2)}`;
    const first = await run(
      org.admin.token,
      flowId,
      { input: { amount: 1 } },
      { 'Idempotency-Key': key },
    );
    const again = await run(
      org.admin.token,
      flowId,
      { input: { amount: 1 } },
      { 'Idempotency-Key': key },
    );
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.executionId).toBe(first.body.executionId);
    expect(again.headers.get('idempotent-replayed')).toBe('true');

    const clash = await run(
      org.admin.token,
      flowId,
      { input: { amount: 2 } },
      { 'Idempotency-Key': key },
    );
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('IDEMPOTENCY_CONFLICT');

    const listed = await apiRequest<{ data: Body[] }>(
      'GET',
      `/flow-executions?projectId=${org.projectId}&flowId=${flowId}&limit=100`,
      { token: org.admin.token },
    );
    expect(listed.body.data.filter((e) => e.executionId === first.body.executionId)).toHaveLength(
      1,
    );
  });

  it('refuses bad run input and changes nothing', async () => {
    const before = await apiRequest<{ totalCount: number }>(
      'GET',
      `/flow-executions?projectId=${org.projectId}&flowId=${flowId}`,
      { token: org.admin.token },
    );
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ input: 'not an object' }, 400],
      [{ fileIds: ['not-a-uuid'] }, 400],
      [{ fileIds: Array.from({ length: 101 }, () => '00000000-0000-4000-8000-000000000001') }, 400],
      [{ environmentId: '00000000-0000-4000-8000-0000000000e1' }, 404],
      [{ fileIds: ['00000000-0000-4000-8000-0000000000e2'] }, 404],
      [{ surprise: true }, 400],
    ];
    for (const [body, status] of cases) {
      const response = await run(org.admin.token, flowId, body);
      expect({ body, status: response.status }).toEqual({ body, status });
    }
    const after = await apiRequest<{ totalCount: number }>(
      'GET',
      `/flow-executions?projectId=${org.projectId}&flowId=${flowId}`,
      { token: org.admin.token },
    );
    expect(after.body.totalCount).toBe(before.body.totalCount);
  });

  it('lists executions by project or workspace with filters, paging and sorting', async () => {
    const listFlow = await liveFlow(org.admin.token, org.projectId, transformChain(['1']));
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(await startedRun(org.admin.token, listFlow, { input: { i } }));
    await Promise.all(ids.map((id) => waitForStatus(org.admin.token, id, TERMINAL)));

    const page1 = await apiRequest<{
      data: Body[];
      page: number;
      limit: number;
      totalCount: number;
      totalPages: number;
    }>(
      'GET',
      `/flow-executions?projectId=${org.projectId}&flowId=${listFlow}&limit=2&sortOrder=asc`,
      { token: partner.token },
    );
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({
      success: true,
      page: 1,
      limit: 2,
      totalCount: 3,
      totalPages: 2,
    });
    expect(page1.body.data.map((e) => e.executionId)).toEqual(ids.slice(0, 2));
    const page2 = await apiRequest<{ data: Body[] }>(
      'GET',
      `/flow-executions?projectId=${org.projectId}&flowId=${listFlow}&limit=2&page=2&sortOrder=asc`,
      { token: partner.token },
    );
    expect(page2.body.data.map((e) => e.executionId)).toEqual([ids[2]]);

    const byWorkspace = await apiRequest<{ data: Body[]; totalCount: number }>(
      'GET',
      `/flow-executions?workspaceId=${org.workspaceId}&flowId=${listFlow}&status=completed&trigger=api`,
      { token: org.admin.token },
    );
    expect(byWorkspace.body.totalCount).toBe(3);
    const none = await apiRequest<{ totalCount: number }>(
      'GET',
      `/flow-executions?projectId=${org.projectId}&flowId=${listFlow}&status=failed`,
      { token: org.admin.token },
    );
    expect(none.body.totalCount).toBe(0);
    const future = await apiRequest<{ totalCount: number }>(
      'GET',
      `/flow-executions?projectId=${org.projectId}&flowId=${listFlow}&createdAfter=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
      { token: org.admin.token },
    );
    expect(future.body.totalCount).toBe(0);

    const atLimit = await apiRequest<Body>(
      'GET',
      `/flow-executions?projectId=${org.projectId}&limit=100`,
      {
        token: org.admin.token,
      },
    );
    expect(atLimit.status).toBe(200);
    for (const query of [
      `projectId=${org.projectId}&limit=101`,
      `projectId=${org.projectId}&limit=0`,
      `projectId=${org.projectId}&page=0`,
      `projectId=${org.projectId}&sortBy=flowName`,
      `projectId=${org.projectId}&status=RUNNING`,
      `projectId=${org.projectId}&workspaceId=${org.workspaceId}`,
      '',
    ]) {
      const response = await apiRequest<Body>('GET', `/flow-executions?${query}`, {
        token: org.admin.token,
      });
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
    }
  });

  it('reruns an execution: a new executionId, the same inputs and version', async () => {
    const original = await startedRun(org.admin.token, flowId, { input: { amount: 7 } });
    await waitForStatus(org.admin.token, original, TERMINAL);
    // A newer version must not change what the rerun runs.
    await publish(org.admin.token, flowId, 'major');

    const rerun = await apiRequest<Body>('POST', `/flow-executions/${original}/rerun`, {
      token: partner.token,
    });
    expect(rerun.status).toBe(201);
    const rerunId = rerun.body.executionId as string;
    expect(rerunId).not.toBe(original);
    const done = await waitForStatus(org.admin.token, rerunId, TERMINAL);
    expect(done).toMatchObject({
      status: 'completed',
      trigger: 'rerun',
      parentExecutionId: original,
      input: { amount: 7 },
      flowVersion: 'v1.0.0',
    });
    const recorded = await steps(org.admin.token, rerunId);
    expect(recorded.find((s) => s.nodeId === 't2')?.output).toBe(15);
  });

  it('cancels a running execution; a finished one is a 409', async () => {
    const slow = await liveFlow(
      org.admin.token,
      org.projectId,
      graphOf(
        [
          { id: 'trigger', type: 'trigger.api' },
          { id: 'wait', type: 'utility.delay', config: { seconds: 600 } },
          { id: 'after', type: 'utility.transform', config: { expression: '1' } },
        ],
        [
          ['trigger', 'wait'],
          ['wait', 'after'],
        ],
      ),
    );
    const executionId = await startedRun(org.admin.token, slow);
    await waitForStatus(org.admin.token, executionId, ['running']);
    const cancel = await apiRequest<Body>('POST', `/flow-executions/${executionId}/cancel`, {
      token: partner.token,
    });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ success: true, executionId });

    const ended = await waitForStatus(org.admin.token, executionId, TERMINAL);
    expect(ended.status).toBe('canceled');
    const recorded = await steps(org.admin.token, executionId);
    expect(recorded.map((s) => s.nodeId)).not.toContain('after');

    const again = await apiRequest<Body>('POST', `/flow-executions/${executionId}/cancel`, {
      token: org.admin.token,
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CONFLICT');
  });

  it('fails the run naming the failed node', async () => {
    const failing = await liveFlow(
      org.admin.token,
      org.projectId,
      graphOf(
        [
          { id: 'trigger', type: 'trigger.api' },
          {
            id: 'check',
            name: 'Check amount',
            type: 'utility.transform',
            config: { expression: '$error("amount missing")' },
          },
          { id: 'after', type: 'utility.transform', config: { expression: '1' } },
        ],
        [
          ['trigger', 'check'],
          ['check', 'after'],
        ],
      ),
    );
    const executionId = await startedRun(org.admin.token, failing);
    const ended = await waitForStatus(org.admin.token, executionId, TERMINAL);
    expect(ended).toMatchObject({
      status: 'failed',
      error: { code: 'EXPRESSION_FAILED', nodeId: 'check', nodeName: 'Check amount' },
    });
    expect((ended.error as Body).message).toMatch(/amount missing/);
    const recorded = await steps(org.admin.token, executionId);
    expect(recorded.find((s) => s.nodeId === 'check')).toMatchObject({ status: 'failed' });
    expect(recorded.map((s) => s.nodeId)).not.toContain('after');

    const failedOnly = await apiRequest<{ data: Body[] }>(
      'GET',
      `/flow-executions?projectId=${org.projectId}&flowId=${failing}&status=failed`,
      { token: org.admin.token },
    );
    expect(failedOnly.body.data.map((e) => e.executionId)).toEqual([executionId]);
  });

  it('keeps run history from Reviewers and other organizations', async () => {
    const executionId = await startedRun(org.admin.token, flowId, { input: { amount: 3 } });
    await waitForStatus(org.admin.token, executionId, TERMINAL);
    const reviewerCalls = [
      run(reviewer.token, flowId, {}),
      apiRequest<Body>('GET', `/flow-executions?projectId=${org.projectId}`, {
        token: reviewer.token,
      }),
      execution(reviewer.token, executionId),
      apiRequest<Body>('GET', `/flow-executions/${executionId}/steps`, { token: reviewer.token }),
      apiRequest<Body>('POST', `/flow-executions/${executionId}/rerun`, { token: reviewer.token }),
      apiRequest<Body>('POST', `/flow-executions/${executionId}/cancel`, { token: reviewer.token }),
    ];
    for (const response of await Promise.all(reviewerCalls)) {
      expect({ status: response.status, code: response.body.code }).toEqual({
        status: 401,
        code: 'PERMISSION_DENIED',
      });
    }
    const otherCalls = [
      execution(other.admin.token, executionId),
      apiRequest<Body>('GET', `/flow-executions/${executionId}/steps`, {
        token: other.admin.token,
      }),
      apiRequest<Body>('POST', `/flow-executions/${executionId}/rerun`, {
        token: other.admin.token,
      }),
      apiRequest<Body>('POST', `/flow-executions/${executionId}/cancel`, {
        token: other.admin.token,
      }),
      apiRequest<Body>('GET', `/flow-executions?projectId=${org.projectId}`, {
        token: other.admin.token,
      }),
    ];
    for (const response of await Promise.all(otherCalls)) {
      expect({ status: response.status, code: response.body.code }).toEqual({
        status: 404,
        code: 'NOT_FOUND',
      });
    }
    const otherList = await apiRequest<{ totalCount: number }>(
      'GET',
      `/flow-executions?workspaceId=${other.workspaceId}`,
      { token: other.admin.token },
    );
    expect(otherList.body.totalCount).toBe(0);
  });
});
