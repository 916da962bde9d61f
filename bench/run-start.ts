/**
 * Run-start latency: POST /flows/{id}/run of the three-node bench flow, first one call at a time,
 * then at a fixed rate (open loop: a call leaves every 1/rate s whether or not the last one has
 * answered), with the CPU the API path's processes spend per call. flows-throughput measures the
 * start call on a saturated machine, where it mostly waits for a core; this measures the call.
 *   node -r @swc-node/register bench/run-start.ts [--runs 200] [--rate 20] [--seconds 20]
 *     [--profile sandbox4] [--start]   (--start builds and starts the bench stack first)
 * Target (issue 34): run-start p50 <= 25 ms.
 */
import { parseArgs } from 'node:util';

import { bootstrapOrganization, exchangeToken, portOf } from '../libs/testing/src';
import { liveFlow, startThroughGateway } from './support/bench-flow';
import { profileNamed, runBench, STACK_OPTIONS } from './support/bench-main';
import { servicePid } from './support/bench-stack';
import { cpuByGroup, pidsNamed } from './support/process-cpu';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '200' },
    rate: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '20' },
    ...STACK_OPTIONS,
  },
});

const PROFILE = profileNamed(values.profile);
const GATEWAY = `http://127.0.0.1:${portOf(PROFILE, 'gateway')}`;

async function main(): Promise<void> {
  const org = await bootstrapOrganization('Bench run start', PROFILE);
  const token = await exchangeToken(org.apiKey, GATEWAY);
  const flowId = await liveFlow(GATEWAY, token, org.projectId);
  let counter = 0;
  const startOne = async (): Promise<number> => {
    const sent = performance.now();
    await startThroughGateway(GATEWAY, token, flowId, { n: ++counter });
    return performance.now() - sent;
  };
  for (let i = 0; i < 20; i++) await startOne(); // warm-up: connections, caches, JIT

  const groups = processGroups();
  let before = cpuByGroup(groups);
  const sequential: number[] = [];
  for (let i = 0; i < Number(values.runs); i++) sequential.push(await startOne());
  report('one call at a time', sequential, before, cpuByGroup(groups));

  const rate = Number(values.rate);
  const calls: Promise<number>[] = [];
  before = cpuByGroup(groups);
  const begin = performance.now();
  const end = begin + Number(values.seconds) * 1000;
  for (let next = begin; next < end; next += 1000 / rate) {
    const wait = next - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    calls.push(startOne());
  }
  const open = await Promise.all(calls);
  report(`${rate} calls/s (open loop)`, open, before, cpuByGroup(groups));
}

/** The API path's processes; the worker and Temporal run the runs, not the start call. */
function processGroups(): Record<string, number[]> {
  return {
    ...Object.fromEntries(
      ['gateway', 'identity', 'flows'].map((name) => [name, [servicePid(PROFILE, name)]]),
    ),
    postgres: pidsNamed('postgres'),
    nats: pidsNamed('nats-server'),
  };
}

function report(
  label: string,
  latencies: number[],
  before: Record<string, number>,
  after: Record<string, number>,
): void {
  const perCall = Object.keys(before).map(
    (name) => `${name} ${((after[name] - before[name]) / latencies.length).toFixed(2)}`,
  );
  process.stdout.write(
    `${label}: ${latencies.length} calls, p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
      `p90 ${percentile(latencies, 90).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms\n` +
      `  CPU-ms per call: ${perCall.join(', ')} (postgres and nats: every process of the machine)\n`,
  );
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

runBench(main, {
  start: values.start,
  profile: PROFILE,
  services: 'identity,flows,worker,gateway',
});
