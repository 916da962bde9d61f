import { apiRequest, createTestOrganization, eventually, TestOrganization } from '@docket/testing';

import { startStackWorker, stopStackWorker } from '../support/stack-worker';
import { Body, graphOf, liveFlow, startedRun } from './support/flows-api';
import { WebhookReceiver } from './support/webhook-receiver';

const RUNS = 50;
const KILLS = 20;
const SECRET = `crash-${Math.random().toString(36).slice(2)}`;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Durable execution under fire: the worker process is killed 20 times while 50 runs are in
 * flight. Every run must still reach a terminal state (completed), none may be lost, and the
 * receiver must see each run's write-back idempotency key exactly once.
 */
describe('worker killed in the middle of runs', () => {
  let org: TestOrganization;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    org = await createTestOrganization();
    receiver = new WebhookReceiver(SECRET);
  });

  afterAll(async () => {
    await receiver?.stop();
    // Whatever happened, leave the stack with a running worker.
    await startStackWorker();
  });

  it('finishes every run exactly once across 20 SIGKILLs', async () => {
    const url = await receiver.start();
    const environment = await apiRequest<Body>('POST', '/environments', {
      token: org.admin.token,
      body: { name: 'crash' },
    });
    const environmentId = environment.body.environmentId as string;
    await apiRequest('POST', '/variables', {
      token: org.admin.token,
      body: {
        environmentId,
        name: 'HOOK_SECRET',
        value: SECRET,
        scope: 'project',
        scopeId: org.projectId,
      },
    });
    const flowId = await liveFlow(
      org.admin.token,
      org.projectId,
      graphOf(
        [
          { id: 'start', type: 'trigger.api' },
          { id: 'prepare', type: 'utility.transform', config: { expression: '{ "n": input.n }' } },
          { id: 'wait', type: 'utility.delay', config: { seconds: 1 } },
          { id: 'send', type: 'action.write-back', config: { url, secretVariable: 'HOOK_SECRET' } },
          { id: 'after', type: 'utility.transform', config: { expression: 'nodes.send.status' } },
        ],
        [
          ['start', 'prepare'],
          ['prepare', 'wait'],
          ['wait', 'send'],
          ['send', 'after'],
        ],
      ),
    );

    const executions: string[] = [];
    const perKill = Math.ceil(RUNS / KILLS);
    for (let kill = 0; kill < KILLS; kill++) {
      for (let i = 0; i < perKill && executions.length < RUNS; i++) {
        executions.push(
          await startedRun(org.admin.token, flowId, {
            environmentId,
            input: { n: executions.length },
          }),
        );
      }
      await pause(300 + Math.floor(Math.random() * 900));
      await stopStackWorker('SIGKILL', 10_000);
      await startStackWorker();
    }
    expect(executions).toHaveLength(RUNS);

    const finals = await eventually(
      async () => {
        const statuses = await Promise.all(
          executions.map(async (id) => {
            const response = await apiRequest<Body>('GET', `/flow-executions/${id}`, {
              token: org.admin.token,
            });
            return response.body.status as string;
          }),
        );
        return statuses.every((s) => ['completed', 'failed', 'canceled'].includes(s))
          ? statuses
          : undefined;
      },
      240_000,
      2000,
    );
    expect(finals.filter((s) => s !== 'completed')).toEqual([]);

    const expectedKeys = executions.map((id) => `${id}:send`).sort();
    const seen = receiver.deliveries.map((d) => d.idempotencyKey).sort();
    expect(seen).toEqual(expectedKeys);
    expect(receiver.deliveries.every((d) => d.signatureValid)).toBe(true);
    // Repeats after a crash are possible (the key makes them harmless); report how many.
    process.stdout.write(
      `worker-crash: ${RUNS} runs, ${KILLS} kills, ${receiver.attempts} POSTs for ${seen.length} keys\n`,
    );
  }, 300_000);
});
