/**
 * Where a cheap node is cheapest: the bench flow (API trigger, two JSONata transforms) run by
 * the same worker build both ways, in alternated phases at a fixed rate (open loop), started
 * directly with the Temporal client:
 *   - in the workflow: a run without an environment; the pure nodes are evaluated inside the
 *     workflow and the run records its start, steps and end in one local activity;
 *   - as activities: the same run with an (empty) environment, whose masking only an activity
 *     can do; each node is a local activity, as every run was before issue 34.
 * Prints CPU-ms per completed run of the worker and of the Temporal dev server (shared with any
 * other stack on the machine: noisy), drains included, and the ratio of the two ways.
 *   node -r @swc-node/register bench/cheap-nodes.ts [--rate 5] [--seconds 30] [--rounds 2]
 *     [--profile sandbox4] [--start]
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';

import { Client, Connection } from '@temporalio/client';

import { ExecutionStatusEventV1 } from '../libs/contracts/src';
import { JetStreamEvents } from '../libs/platform/src';
import { bootstrapOrganization, exchangeToken, portOf } from '../libs/testing/src';
import { liveFlow, startDirectly } from './support/bench-flow';
import { profileNamed, runBench, STACK_OPTIONS } from './support/bench-main';
import { servicePid } from './support/bench-stack';
import { cpuByGroup, pidsNamed } from './support/process-cpu';

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '30' },
    rounds: { type: 'string', default: '2' },
    drain: { type: 'string', default: '90' },
    ...STACK_OPTIONS,
  },
});
const PROFILE = profileNamed(values.profile);
const GATEWAY = `http://127.0.0.1:${portOf(PROFILE, 'gateway')}`;
const completions = new Set<string>();

interface Totals {
  runs: number;
  cpu: Record<string, number>;
}

async function main(): Promise<void> {
  const org = await bootstrapOrganization('Bench cheap nodes', PROFILE);
  const token = await exchangeToken(org.apiKey, GATEWAY);
  const flowId = await liveFlow(GATEWAY, token, org.projectId);
  const environment = await fetch(`${GATEWAY}/environments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `bench-${randomUUID().slice(0, 8)}` }),
  }).then((response) => response.json() as Promise<{ environmentId: string }>);
  const events = await JetStreamEvents.connect({
    servers: PROFILE.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    name: 'bench-cheap-nodes',
    prefix: PROFILE.env.DOCKET_NATS_PREFIX,
  });
  await events.consume(ExecutionStatusEventV1, {
    durable: `bench-cheap-${randomUUID().slice(0, 8)}`,
    deliverPolicy: 'new',
    concurrency: 64,
    handle: async (event) => {
      if (event.status === 'completed') completions.add(event.executionId);
    },
  });
  const connection = await Connection.connect({
    address: process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233',
  });
  const client = new Client({ connection, namespace: PROFILE.env.TEMPORAL_NAMESPACE });
  const taskQueue = `${PROFILE.env.DOCKET_NATS_PREFIX}-flows`;
  let counter = 0;
  const ways = {
    'in the workflow': () => startDirectly(client, taskQueue, { ...org, flowId }, { n: ++counter }),
    'as activities': () =>
      startDirectly(
        client,
        taskQueue,
        { ...org, flowId, environmentId: environment.environmentId },
        { n: ++counter },
      ),
  };
  type Way = keyof typeof ways;
  const totals: Record<string, Totals> = {};
  await phase(ways['in the workflow'], 3);
  await phase(ways['as activities'], 3);
  const order: Way[] = ['in the workflow', 'as activities'];
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const way of round % 2 === 1 ? order : [...order].reverse()) {
      const result = await phase(ways[way], Number(values.seconds));
      const sum = (totals[way] ??= { runs: 0, cpu: {} });
      sum.runs += result.runs;
      for (const [name, ms] of Object.entries(result.cpu))
        sum.cpu[name] = (sum.cpu[name] ?? 0) + ms;
      process.stdout.write(`${way}, round ${round}: ${describe(result)}\n`);
    }
  }
  process.stdout.write('\nCPU-ms per completed run, all rounds (drains included)\n');
  for (const way of order) process.stdout.write(`  ${way}: ${describe(totals[way])}\n`);
  const workerOf = (way: Way) => totals[way].cpu.worker / Math.max(1, totals[way].runs);
  process.stdout.write(
    `worker CPU in the workflow / as activities: ${(workerOf('in the workflow') / workerOf('as activities')).toFixed(2)}x\n`,
  );
  await events.close();
  await connection.close();
}

/** Starts runs at --rate for `seconds`, then waits until they have completed. */
async function phase(start: () => Promise<string>, seconds: number): Promise<Totals> {
  const groups = { worker: [servicePid(PROFILE, 'worker')], temporal: pidsNamed('temporal') };
  const before = cpuByGroup(groups);
  const started: Promise<string>[] = [];
  const begin = Date.now();
  for (let next = begin; next < begin + seconds * 1000; next += 1000 / Number(values.rate)) {
    const wait = next - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    started.push(start());
  }
  const ids = await Promise.all(started);
  const until = Date.now() + Number(values.drain) * 1000;
  while (Date.now() < until && ids.some((id) => !completions.has(id))) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const after = cpuByGroup(groups);
  const runs = ids.filter((id) => completions.has(id)).length;
  if (runs < ids.length) throw new Error(`${ids.length - runs} runs did not complete`);
  return {
    runs,
    cpu: { worker: after.worker - before.worker, temporal: after.temporal - before.temporal },
  };
}

function describe({ runs, cpu }: Totals): string {
  const per = Object.entries(cpu).map(
    ([name, ms]) => `${name} ${(ms / Math.max(1, runs)).toFixed(2)}`,
  );
  return `${runs} runs; ${per.join(', ')}`;
}

runBench(main, {
  start: values.start,
  profile: PROFILE,
  services: 'identity,flows,worker,gateway',
});
