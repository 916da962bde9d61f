import { createServer, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

import type { FlowGraph } from '@docket/contracts';
import { apiRequest, createTestOrganization, eventually, TestOrganization } from '@docket/testing';

import { Body, graphOf, liveFlow, startedRun, steps, waitForStatus } from './support/flows-api';

/**
 * Issue 30, item 1: a cancel ends every step that had not ended. Whatever the run was doing (an
 * activity in flight, a timer, a review), once the run shows `canceled` no step shows running
 * or waiting: the interrupted one shows `canceled` with its completedAt, within the run's time;
 * and the run's item is CANCELED.
 */
describe('a canceled run ends its unfinished steps', () => {
  let org: TestOrganization;

  beforeAll(async () => {
    org = await createTestOrganization();
  });

  function cancel(executionId: string) {
    return apiRequest<Body>('POST', `/flow-executions/${executionId}/cancel`, {
      token: org.admin.token,
    });
  }

  async function stepsWhen(executionId: string, ready: (all: Body[]) => boolean) {
    return eventually(async () => {
      const all = await steps(org.admin.token, executionId);
      return ready(all) ? all : undefined;
    });
  }

  /** The checks every canceled run must pass; answers the steps. */
  async function expectCanceledEverywhere(executionId: string): Promise<Body[]> {
    const ended = await waitForStatus(org.admin.token, executionId, ['canceled', 'completed']);
    expect(ended.status).toBe('canceled');
    const all = await steps(org.admin.token, executionId);
    const runStart = Date.parse(ended.startedAt as string);
    const runEnd = Date.parse(ended.completedAt as string);
    for (const step of all) {
      expect({ step: step.stepKey, status: step.status }).toEqual({
        step: step.stepKey,
        status: expect.stringMatching(/^(completed|canceled)$/),
      });
      const started = Date.parse(step.startedAt as string);
      const completed = Date.parse(step.completedAt as string);
      expect(completed).toBeGreaterThanOrEqual(started);
      expect(started).toBeGreaterThanOrEqual(runStart);
      expect(completed).toBeLessThanOrEqual(runEnd);
      expect(step.durationMs).toBe(completed - started);
    }
    for (const itemId of ended.itemIds as string[]) {
      const item = await apiRequest<Body>('GET', `/items/${itemId}?projectId=${org.projectId}`, {
        token: org.admin.token,
      });
      expect(item.body.status).toBe('CANCELED');
    }
    return all;
  }

  const statusOf = (all: Body[], nodeId: string) => all.find((s) => s.nodeId === nodeId)?.status;

  it('a step waiting on its timer (utility.delay) ends canceled', async () => {
    const flowId = await liveFlow(
      org.admin.token,
      org.projectId,
      graphOf(
        [
          { id: 'trigger', type: 'trigger.api' },
          { id: 'wait', type: 'utility.delay', config: { seconds: 600 } },
          { id: 'review', type: 'action.review' },
        ],
        [
          ['trigger', 'wait'],
          ['wait', 'review'],
        ],
      ),
    );
    const executionId = await startedRun(org.admin.token, flowId);
    await stepsWhen(executionId, (all) => statusOf(all, 'wait') === 'running');
    expect((await cancel(executionId)).status).toBe(200);

    const all = await expectCanceledEverywhere(executionId);
    expect(all.map((s) => [s.nodeId, s.status])).toEqual([
      ['trigger', 'completed'],
      ['wait', 'canceled'],
    ]);
    // The step keeps what it recorded when it began.
    expect(all[1]).toMatchObject({ input: { seconds: 600 }, attempt: 1, output: null });
  });

  it('a step waiting for its review ends canceled, and its item is CANCELED', async () => {
    const flowId = await liveFlow(
      org.admin.token,
      org.projectId,
      graphOf(
        [
          { id: 'trigger', type: 'trigger.api' },
          { id: 'review', type: 'action.review', config: { instructions: 'Look' } },
          { id: 'after', type: 'utility.transform', config: { expression: '1' } },
        ],
        [
          ['trigger', 'review'],
          ['review', 'after', 'submitted'],
        ],
      ),
    );
    const executionId = await startedRun(org.admin.token, flowId);
    await waitForStatus(org.admin.token, executionId, ['in_review']);
    expect((await cancel(executionId)).status).toBe(200);

    const all = await expectCanceledEverywhere(executionId);
    expect(all.map((s) => [s.nodeId, s.status])).toEqual([
      ['trigger', 'completed'],
      ['review', 'canceled'],
    ]);
  });

  describe('a step running an activity', () => {
    /** An outside endpoint that holds every request until the test ends. */
    const held: ServerResponse[] = [];
    const endpoint = createServer((_request, response) => held.push(response));
    let url: string;

    beforeAll(async () => {
      await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/slow`;
    });

    afterAll(async () => {
      for (const response of held) response.end('{}');
      await new Promise<void>((resolve) => endpoint.close(() => resolve()));
    });

    it('ends canceled while its call is still out', async () => {
      const graph: FlowGraph = graphOf(
        [
          { id: 'trigger', type: 'trigger.api' },
          { id: 'call', type: 'app.http-request', config: { method: 'GET', url } },
          { id: 'after', type: 'utility.transform', config: { expression: '1' } },
        ],
        [
          ['trigger', 'call'],
          ['call', 'after'],
        ],
      );
      const flowId = await liveFlow(org.admin.token, org.projectId, graph);
      const executionId = await startedRun(org.admin.token, flowId);
      await stepsWhen(executionId, (all) => statusOf(all, 'call') === 'running');
      await eventually(async () => (held.length > 0 ? true : undefined));
      expect((await cancel(executionId)).status).toBe(200);

      const all = await expectCanceledEverywhere(executionId);
      expect(all.map((s) => [s.nodeId, s.status])).toEqual([
        ['trigger', 'completed'],
        ['call', 'canceled'],
      ]);
    });
  });

  it('cancel racing a submit: the run ends canceled, no step left open, the item CANCELED', async () => {
    const flowId = await liveFlow(
      org.admin.token,
      org.projectId,
      graphOf(
        [
          { id: 'trigger', type: 'trigger.api' },
          { id: 'review', type: 'action.review' },
          // The run cannot finish before the cancel arrives, whichever comes first.
          { id: 'wait', type: 'utility.delay', config: { seconds: 600 } },
        ],
        [
          ['trigger', 'review'],
          ['review', 'wait', 'submitted'],
        ],
      ),
    );
    const reviewer = await org.addUser('Reviewer');
    const runs = await Promise.all(
      Array.from({ length: 4 }, () => startedRun(org.admin.token, flowId)),
    );
    await Promise.all(
      runs.map(async (executionId) => {
        const waiting = await waitForStatus(org.admin.token, executionId, ['in_review']);
        const itemId = (waiting.itemIds as string[])[0];
        const lock = await apiRequest('POST', `/items/${itemId}/lock`, { token: reviewer.token });
        expect(lock.status).toBe(200);
        const [submit, canceled] = await Promise.all([
          apiRequest('POST', `/items/${itemId}/submit`, { token: reviewer.token }),
          cancel(executionId),
        ]);
        // The submit may find the item CANCELED already; the cancel always finds the run open.
        expect([200, 409]).toContain(submit.status);
        expect(canceled.status).toBe(200);

        const all = await expectCanceledEverywhere(executionId);
        expect(statusOf(all, 'review')).toMatch(/^(completed|canceled)$/);
        expect(['canceled', undefined]).toContain(statusOf(all, 'wait'));
      }),
    );
  });
});
