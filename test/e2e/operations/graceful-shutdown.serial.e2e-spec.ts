import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

import {
  apiRequest,
  createTestOrganization,
  eventually,
  REPO_ROOT,
  serviceEnv,
  ServiceName,
  TEST_PROFILE,
  TestOrganization,
  TestUser,
} from '@docket/testing';

import { Body, graphOf, liveFlow, startedRun } from '../flows/support/flows-api';
import { stackWorkerRunning, startStackWorker, stopStackWorker } from '../support/stack-worker';

/** Ports of the extra replicas: outside every profile's range (3000-3599). */
const IDENTITY_REPLICA_PORT = 3691;
const WORKER_REPLICA_PORT = 3695;

interface Replica {
  process: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A second replica of a stack service, built from dist exactly like the stack starts it. */
function startReplica(service: ServiceName, port: number): Replica {
  const child = spawn(
    process.execPath,
    [
      '-r',
      path.join(REPO_ROOT, 'deploy/runtime/aliases.js'),
      path.join(REPO_ROOT, `dist/apps/${service}/src/main.js`),
    ],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        ...serviceEnv(TEST_PROFILE, service),
        HTTP_PORT: String(port),
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    },
  );
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { process: child, exited };
}

/** How many requests on `subject` a replica has answered, from its Prometheus counter. */
async function answered(port: number, subject: string): Promise<number> {
  const text = await fetch(`http://127.0.0.1:${port}/metrics`).then((r) => r.text());
  return text
    .split('\n')
    .filter(
      (line) => line.startsWith('docket_rpc_requests_total{') && line.includes(`"${subject}"`),
    )
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
}

async function waitReady(port: number, timeoutMs = 40_000): Promise<void> {
  await eventually(
    () =>
      fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => (response.status === 200 ? true : undefined),
        () => undefined,
      ),
    timeoutMs,
    250,
  );
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends SIGTERM to a replica while work is flowing and checks the stack loses nothing: the NATS
 * queue group (or the Temporal task queue) hands the work to the replica that stays.
 */
describe('graceful shutdown on SIGTERM under load', () => {
  let org: TestOrganization;
  let user: TestUser;
  const replicas: Replica[] = [];

  beforeAll(async () => {
    org = await createTestOrganization();
    user = await org.addUser('Partner');
  }, 30_000);

  afterAll(async () => {
    for (const replica of replicas) {
      if (replica.process.exitCode === null && replica.process.signalCode === null) {
        replica.process.kill('SIGKILL');
      }
    }
  });

  it('an identity replica stops without failing one request', async () => {
    // What happened when, for the failure message: a slow phase on a loaded machine reads
    // differently from a replica that never exits.
    const started = Date.now();
    const timeline: string[] = [];
    const mark = (event: string) => timeline.push(`${Date.now() - started} ms ${event}`);
    const replica = startReplica('identity', IDENTITY_REPLICA_PORT);
    replicas.push(replica);
    await waitReady(IDENTITY_REPLICA_PORT);
    mark('replica ready');

    const statuses: number[] = [];
    let loading = true;
    // Four clients in a loop: each request crosses gateway -> NATS -> one of two identities.
    const clients = Array.from({ length: 4 }, async () => {
      while (loading) {
        const response = await apiRequest('GET', '/workspaces', { token: user.token });
        statuses.push(response.status);
      }
    });

    await eventually(async () => (statuses.length > 20 ? true : undefined), 30_000, 50);
    const beforeSignal = statuses.length;
    const handledByReplica = await answered(IDENTITY_REPLICA_PORT, 'identity.workspaces.list.v1');
    mark(`${beforeSignal} answered, ${handledByReplica} by the replica; SIGTERM`);
    replica.process.kill('SIGTERM');
    // While it drains, /readyz stops saying ready within moments: a load balancer moves on.
    const readiness = await eventually(
      () =>
        fetch(`http://127.0.0.1:${IDENTITY_REPLICA_PORT}/readyz`).then(
          (response) => (response.status === 200 ? undefined : response.status),
          () => 'closed' as const,
        ),
      2000,
      20,
    );
    mark(`readiness ${readiness}`);
    const exit = await Promise.race([
      replica.exited,
      pause(30_000).then(() => 'still running 30 s after SIGTERM' as const),
    ]);
    mark(`exit ${JSON.stringify(exit)}`);
    // The stack's own replica goes on answering after the other one left.
    const afterExit = statuses.length;
    await eventually(async () => (statuses.length > afterExit + 20 ? true : undefined), 30_000, 50);
    loading = false;
    await Promise.all(clients);
    mark(`${statuses.length} answered in all`);

    const outcome = {
      moreThan20BeforeSignal: beforeSignal > 20,
      // The queue group really shared the load: the replica was busy when the signal came.
      replicaAnswered: handledByReplica > 0,
      failures: statuses.filter((status) => status !== 200),
      readyAfterSignal: readiness === 200,
      // Nest re-raises the signal once its shutdown hooks are done: no crash exit code.
      exit,
    };
    expect({ ...outcome, timeline }).toEqual({
      moreThan20BeforeSignal: true,
      replicaAnswered: true,
      failures: [],
      readyAfterSignal: false,
      exit: { code: null, signal: 'SIGTERM' },
      timeline,
    });
  }, 150_000);

  it('a worker replica stops without losing a run in flight', async () => {
    const replica = startReplica('worker', WORKER_REPLICA_PORT);
    replicas.push(replica);
    await waitReady(WORKER_REPLICA_PORT);

    // A timer between steps keeps runs open across the signal.
    const flowId = await liveFlow(
      org.admin.token,
      org.projectId,
      graphOf(
        [
          { id: 'start', type: 'trigger.api' },
          { id: 'read', type: 'utility.transform', config: { expression: 'input.n' } },
          { id: 'wait', type: 'utility.delay', config: { seconds: 2 } },
          { id: 'double', type: 'utility.transform', config: { expression: 'nodes.read * 2' } },
        ],
        [
          ['start', 'read'],
          ['read', 'wait'],
          ['wait', 'double'],
        ],
      ),
    );
    const executions: string[] = [];
    const start = (count: number) =>
      Promise.all(
        Array.from({ length: count }, async () => {
          const n = executions.length;
          executions.push(await startedRun(org.admin.token, flowId, { input: { n } }));
        }),
      );

    // The stack's worker drains first (nothing in flight), so every run below starts on the
    // replica: the replica's shutdown is then the only way those runs can get lost.
    await stopStackWorker('SIGTERM');
    try {
      await start(10);
      await pause(500);
      replica.process.kill('SIGTERM');
      await Promise.all([startStackWorker(), start(10)]);
    } finally {
      // Whatever happened, leave the stack with a running worker.
      if (!stackWorkerRunning()) await startStackWorker();
    }
    const exit = await replica.exited;

    const finals = await eventually(
      async () => {
        const statuses = await Promise.all(
          executions.map(async (id) => {
            const response = await apiRequest<Body>('GET', `/flow-executions/${id}`, {
              token: org.admin.token,
            });
            return String(response.body.status);
          }),
        );
        return statuses.every((s) => ['completed', 'failed', 'canceled'].includes(s))
          ? statuses
          : undefined;
      },
      40_000,
      500,
    );
    expect(finals).toHaveLength(20);
    expect(finals.filter((status) => status !== 'completed')).toEqual([]);
    expect(exit).toEqual({ code: null, signal: 'SIGTERM' });
  }, 90_000);
});
