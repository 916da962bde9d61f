/**
 * Run throughput: a flow of three cheap nodes (API trigger and two transforms) started through
 * the gateway for a sustained period, then the same workflow started directly with the Temporal
 * client as the baseline, on the same stack and worker. Completion is observed on the worker's
 * execution events (JetStream), the same signal for both paths.
 * Prints runs started/s, runs completed/s, start-to-complete p50/p99, and the run-start API
 * latency. Targets: >= 50 completed runs/s, >= 0.9x the direct baseline (issue 14), run-start p50 <= 25 ms.
 *   node -r @swc-node/register bench/flows-throughput.ts [--seconds 60] [--concurrency 16]
 *     [--rounds 2] [--inflight 48] [--profile sandbox4] [--start]   (--start builds and starts the bench stack first)
 *   --profile prod measures the prod profile (prod.sh up first; two replicas, Temporal's server,
 *   a three-node NATS cluster): its gateway is the load balancer, CPU is summed over replicas.
 * The two paths alternate gateway, direct, direct, gateway ... (--rounds phases of each), so a
 * machine that drifts faster or slower during the run weighs on both alike; the figures are
 * over all of a path's phases.
 * At most --inflight (48) runs are unfinished at once. With 150, Temporal's FIFO task queue moved
 * every run a step at a time in lockstep, so they finished in bursts of about 150 that fell on
 * either side of a window's end: a 30 s round measured anywhere from 0.6x to 1.4x. 48 still keeps
 * both paths saturated (the same runs/s as 150 on the direct path) with bursts a third the size.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';

import { Client, Connection } from '@temporalio/client';

import { ExecutionStatusEventV1 } from '../libs/contracts/src';
import { JetStreamEvents } from '../libs/platform/src';
import {
  bootstrapOrganization,
  exchangeToken,
  portOf,
  ProfileName,
  PROFILES,
} from '../libs/testing/src';
import {
  BENCH_GRAPH as GRAPH,
  liveFlow,
  startDirectly,
  startThroughGateway,
} from './support/bench-flow';
import { BENCH_PROFILE, servicePid, startBenchStack, stopBenchStack } from './support/bench-stack';
import { cpuByGroup, pidsNamed } from './support/process-cpu';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    rounds: { type: 'string', default: '2' },
    concurrency: { type: 'string', default: '16' },
    drain: { type: 'string', default: '60' },
    inflight: { type: 'string', default: '48' },
    profile: { type: 'string', default: BENCH_PROFILE.name },
    start: { type: 'boolean', default: false },
  },
});

const PROFILE = PROFILES[values.profile as ProfileName];
const GATEWAY = `http://127.0.0.1:${portOf(PROFILE, 'gateway')}`;
const SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) {
  throw new Error(`--rounds takes a positive integer: ${values.rounds}`);
}
const CONCURRENCY = Number(values.concurrency);

interface PhaseResult {
  label: string;
  /** CPU-ms each process group used over the phase, drain included. */
  cpu: Record<string, number>;
  started: number;
  completedInWindow: number;
  completedTotal: number;
  startLatencies: number[];
  completeLatencies: number[];
  /** Measuring windows of SECONDS the counts cover (one per phase). */
  windows: number;
}

/** Completion times by executionId, fed by the worker's status events. */
const completions = new Map<string, number>();

async function main(): Promise<void> {
  if (values.start && PROFILE.name === 'prod') {
    throw new Error('--start resets the database: bring the prod profile up with prod.sh up');
  }
  if (values.start) startBenchStack('identity,flows,worker,gateway', PROFILE);
  const org = await bootstrapOrganization('Bench flows', PROFILE);
  const token = await exchangeToken(org.apiKey, GATEWAY);
  const events = await JetStreamEvents.connect({
    servers: PROFILE.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    name: 'bench-flows',
    prefix: PROFILE.env.DOCKET_NATS_PREFIX,
  });
  await events.consume(ExecutionStatusEventV1, {
    durable: `bench-flows-${randomUUID().slice(0, 8)}`,
    deliverPolicy: 'new',
    concurrency: 64,
    // The server removes it a minute after the benchmark stops pulling. Left behind on the prod
    // profile's cluster, two of them (R3, about 90,000 entries each) kept a restarted NATS node
    // from catching up, and the fault suite stopped on "did not catch up its streams".
    inactiveThresholdMs: 60_000,
    handle: async (event) => {
      if (event.status === 'completed') completions.set(event.executionId, Date.parse(event.at));
    },
  });

  const flowId = await liveFlow(GATEWAY, token, org.projectId);
  const connection = await Connection.connect({
    address: process.env.TEMPORAL_ADDRESS ?? PROFILE.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233',
  });
  const client = new Client({ connection, namespace: PROFILE.env.TEMPORAL_NAMESPACE });
  const taskQueue = `${PROFILE.env.DOCKET_NATS_PREFIX}-flows`;

  // Warm both paths (connections, caches, JIT) before measuring.
  const throughGatewayOnce = () => startThroughGateway(GATEWAY, token, flowId, { n: ++counter });
  await phase('warm-up gateway', 3, throughGatewayOnce);
  await phase('warm-up direct', 3, () =>
    startDirectly(client, taskQueue, { ...org, flowId }, { n: ++counter }),
  );

  const gatewayLabel = 'gateway (POST /flows/{id}/run)';
  const directLabel = 'direct Temporal start (baseline)';
  const gatewayPhases: PhaseResult[] = [];
  const directPhases: PhaseResult[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const throughGateway = () =>
      phase(`${gatewayLabel}, round ${round}`, SECONDS, throughGatewayOnce);
    const direct = () =>
      phase(`${directLabel}, round ${round}`, SECONDS, () =>
        startDirectly(client, taskQueue, { ...org, flowId }, { n: ++counter }),
      );
    if (round % 2 === 1) {
      gatewayPhases.push(await throughGateway());
      directPhases.push(await direct());
    } else {
      directPhases.push(await direct());
      gatewayPhases.push(await throughGateway());
    }
  }
  const gateway = combine(gatewayLabel, gatewayPhases);
  const direct = combine(directLabel, directPhases);
  // Per run the worker executed in the phases (their drains included), for sizing workers.
  const workerCpuPerRun = gateway.cpu.worker / Math.max(1, gateway.completedTotal);
  process.stdout.write("\nwhere a run's CPU goes (ms per completed run, drain included)\n");
  for (const result of [gateway, direct]) printCpuSplit(result);

  for (const result of [gateway, direct]) print(result);
  const ratio =
    rate(gateway.completedInWindow, gateway.windows) /
    Math.max(1e-9, rate(direct.completedInWindow, direct.windows));
  const roundRatios = gatewayPhases.map(
    (g, i) => g.completedInWindow / Math.max(1, directPhases[i].completedInWindow),
  );
  const apiP50 = percentile(gateway.startLatencies, 50);
  process.stdout.write(
    [
      '',
      `completed runs/s through the gateway: ${rate(gateway.completedInWindow, gateway.windows).toFixed(1)} (target >= 50)`,
      `gateway / direct completed runs/s:    ${ratio.toFixed(2)}x (target >= 0.9x); by round ${roundRatios.map((r) => `${r.toFixed(2)}x`).join(', ')}`,
      `run-start API p50:                    ${apiP50.toFixed(1)} ms (target <= 25 ms)`,
      `worker CPU per run (${GRAPH.nodes.length} nodes):       ${workerCpuPerRun.toFixed(1)} ms, i.e. ${(workerCpuPerRun / 10).toFixed(2)} worker cores per 100 runs/s`,
      '',
    ].join('\n'),
  );
  await events.close();
  await connection.close();
}

/** A path's phases as one: its counts over all of their windows. */
function combine(label: string, phases: PhaseResult[]): PhaseResult {
  const sum = (value: (p: PhaseResult) => number) => phases.reduce((t, p) => t + value(p), 0);
  return {
    label: `${label}, ${phases.length} phase${phases.length === 1 ? '' : 's'}`,
    cpu: Object.fromEntries(Object.keys(phases[0].cpu).map((k) => [k, sum((p) => p.cpu[k])])),
    started: sum((p) => p.started),
    completedInWindow: sum((p) => p.completedInWindow),
    completedTotal: sum((p) => p.completedTotal),
    startLatencies: phases.flatMap((p) => p.startLatencies),
    completeLatencies: phases.flatMap((p) => p.completeLatencies),
    windows: phases.length,
  };
}

/** Per second of the result's window(s). */
function rate(count: number, windows = 1): number {
  return count / (SECONDS * windows);
}

/** Starts runs with CONCURRENCY starters for `seconds`, then waits for the runs to drain. */
async function phase(
  label: string,
  seconds: number,
  start: () => Promise<string>,
): Promise<PhaseResult> {
  const started = new Map<string, number>();
  const startLatencies: number[] = [];
  const groups = processGroups();
  const cpuBefore = cpuByGroup(groups);
  const begin = Date.now();
  const end = begin + seconds * 1000;
  // A sustained rate, not a flood: starters hold back while too many runs are unfinished, so
  // the figures describe what the stack keeps up with rather than how fast a queue grows.
  const maxInFlight = Number(values.inflight);
  const inFlight = new Set<string>();
  const unfinished = () => {
    for (const id of inFlight) if (completions.has(id)) inFlight.delete(id);
    return inFlight.size;
  };
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end) {
        if (unfinished() >= maxInFlight) {
          await new Promise((resolve) => setTimeout(resolve, 10));
          continue;
        }
        const sent = Date.now();
        const executionId = await start();
        startLatencies.push(Date.now() - sent);
        started.set(executionId, sent);
        inFlight.add(executionId);
      }
    }),
  );
  const drainUntil = Date.now() + Number(values.drain) * 1000;
  while (Date.now() < drainUntil && [...started.keys()].some((id) => !completions.has(id))) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const completeLatencies: number[] = [];
  let completedInWindow = 0;
  for (const [id, sent] of started) {
    const done = completions.get(id);
    if (done === undefined) continue;
    completeLatencies.push(done - sent);
    if (done <= end) completedInWindow += 1;
  }
  const cpuAfter = cpuByGroup(groups);
  const result = {
    label,
    cpu: Object.fromEntries(Object.keys(groups).map((k) => [k, cpuAfter[k] - cpuBefore[k]])),
    started: started.size,
    completedInWindow,
    completedTotal: completeLatencies.length,
    startLatencies,
    completeLatencies,
    windows: 1,
  };
  if (!label.startsWith('warm-up')) print(result);
  return result;
}

/**
 * Every process a run can cost CPU in: our services, the worker, and the infrastructure both
 * paths share (Temporal's dev server, PostgreSQL, NATS).
 */
function processGroups(): Record<string, number[]> {
  const services = ['gateway', 'identity', 'flows', 'worker'];
  // The prod profile runs two replicas of each (<service>-1, -2) and Temporal's real server.
  const replicas = Array.from({ length: PROFILE.replicas ?? 1 }, (_, i) => i + 1);
  const pidsOf = (name: string) =>
    replicas.length === 1
      ? [servicePid(PROFILE, name)]
      : replicas.map((replica) => servicePid(PROFILE, `${name}-${replica}`));
  return {
    ...Object.fromEntries(services.map((name) => [name, pidsOf(name)])),
    temporal: pidsNamed(PROFILE.name === 'prod' ? 'temporal-server' : 'temporal'),
    postgres: pidsNamed('postgres'),
    nats: pidsNamed('nats-server'),
  };
}

function printCpuSplit(result: PhaseResult): void {
  const runs = Math.max(1, result.completeLatencies.length);
  const parts = Object.entries(result.cpu).map(([name, ms]) => `${name} ${(ms / runs).toFixed(1)}`);
  const total = Object.values(result.cpu).reduce((sum, ms) => sum + ms, 0) / runs;
  process.stdout.write(`  ${result.label}: total ${total.toFixed(1)} = ${parts.join(', ')}\n`);
}

function print(result: PhaseResult): void {
  process.stdout.write(
    `${result.label}\n` +
      `  runs started/s ${rate(result.started, result.windows).toFixed(1)}  completed/s (in window) ${rate(result.completedInWindow, result.windows).toFixed(1)}` +
      `  completed ${result.completedTotal}/${result.started}\n` +
      `  start-to-complete p50 ${percentile(result.completeLatencies, 50).toFixed(0)} ms` +
      `  p99 ${percentile(result.completeLatencies, 99).toFixed(0)} ms` +
      `  | start call p50 ${percentile(result.startLatencies, 50).toFixed(1)} ms` +
      `  p99 ${percentile(result.startLatencies, 99).toFixed(1)} ms\n`,
  );
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

let counter = 0;

// A stack this run started is stopped again, as the other server benchmarks do: left running, it
// answered the next benchmark's requests on the same ports.
async function run(): Promise<void> {
  try {
    await main();
  } finally {
    if (values.start) stopBenchStack(PROFILE);
  }
}

run()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
