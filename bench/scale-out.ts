/**
 * Scale-out: does throughput grow with replicas? GET /workspaces (an authenticated read through
 * gateway -> NATS -> identity -> PostgreSQL) first on one gateway and one identity, then on two
 * of each (the second identity joins the first's NATS queue group; the load is split between
 * the gateways), alternating round by round. Prints throughput, the ratio, and the CPU each
 * request costs in gateways and in identity services, the figure that transfers to other
 * machines: cores per 1,000 req/s = CPU-ms per request.
 *   DOCKET_BENCH_PROFILE=sandbox4 node -r @swc-node/register bench/scale-out.ts \
 *     [--seconds 8] [--rounds 2] [--connections 10]
 */

import { availableParallelism } from 'node:os';

import {
  BENCH_GATEWAY,
  BENCH_PROFILE,
  benchOrganization,
  benchServicePid,
  startBenchStack,
  stopBenchStack,
} from './support/bench-stack';
import { load, LoadResult, runOptions } from './support/load';
import { cpuMsOfAll } from './support/process-cpu';
import { Replica, startReplica } from './support/replica';
import { runMain } from './support/run-main';

const options = runOptions();
// Inside the profile's own port range, clear of the services (+0..+8) and test replicas (+80..).
const SECOND_GATEWAY_PORT = BENCH_PROFILE.basePort + 90;
const SECOND_IDENTITY_PORT = BENCH_PROFILE.basePort + 91;

interface Topology {
  label: string;
  gateways: string[];
  gatewayPids: number[];
  identityPids: number[];
}

interface PhaseResult {
  requestsPerSecond: number;
  requests: number;
  gatewayCpuMs: number;
  identityCpuMs: number;
}

/** The same total connections in both topologies, split evenly over the gateways. */
async function runPhase(topology: Topology, token: string): Promise<PhaseResult> {
  const gatewayBefore = cpuMsOfAll(topology.gatewayPids);
  const identityBefore = cpuMsOfAll(topology.identityPids);
  const perGateway = Math.max(1, Math.round(options.connections / topology.gateways.length));
  const results: LoadResult[] = await Promise.all(
    topology.gateways.map((gateway) =>
      load(
        {
          label: gateway,
          url: `${gateway}/workspaces`,
          headers: { authorization: `Bearer ${token}` },
        },
        options.seconds,
        perGateway,
      ),
    ),
  );
  for (const result of results) {
    if (result.errors > 0 || result.non2xx > 0) {
      throw new Error(`${topology.label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    }
  }
  return {
    requestsPerSecond: results.reduce((total, r) => total + r.requestsPerSecond, 0),
    requests: results.reduce((total, r) => total + r.requests, 0),
    gatewayCpuMs: cpuMsOfAll(topology.gatewayPids) - gatewayBefore,
    identityCpuMs: cpuMsOfAll(topology.identityPids) - identityBefore,
  };
}

function summarise(label: string, phases: PhaseResult[]): PhaseResult {
  const sorted = [...phases].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const median = sorted[Math.floor(sorted.length / 2)];
  const requests = phases.reduce((total, p) => total + p.requests, 0);
  const gatewayCpuMs = phases.reduce((total, p) => total + p.gatewayCpuMs, 0);
  const identityCpuMs = phases.reduce((total, p) => total + p.identityCpuMs, 0);
  process.stdout.write(
    `  ${label}: ${median.requestsPerSecond.toFixed(0)} req/s (median round); CPU per request: gateway ${(gatewayCpuMs / requests).toFixed(3)} ms, identity ${(identityCpuMs / requests).toFixed(3)} ms\n`,
  );
  return { ...median, requests, gatewayCpuMs, identityCpuMs };
}

async function main(): Promise<void> {
  startBenchStack('identity,gateway');
  const org = await benchOrganization();
  const single: Topology = {
    label: '1 gateway + 1 identity',
    gateways: [BENCH_GATEWAY],
    gatewayPids: [benchServicePid('gateway')],
    identityPids: [benchServicePid('identity')],
  };
  const singles: PhaseResult[] = [];
  const doubles: PhaseResult[] = [];
  const replicas: Replica[] = [];
  try {
    // Unscored warm-up: JIT and lazy loading would be charged to the first topology.
    await runPhase({ ...single }, org.token);
    process.stdout.write(
      `scale-out: ${options.rounds} alternating rounds of ${options.seconds} s, ${options.connections} connections in all\n`,
    );
    for (let round = 1; round <= options.rounds; round++) {
      const one = await runPhase(single, org.token);
      singles.push(one);
      process.stdout.write(
        `  round ${round} ${single.label.padEnd(24)} ${one.requestsPerSecond.toFixed(0)} req/s\n`,
      );
      const [gateway, identity] = await Promise.all([
        startReplica('gateway', SECOND_GATEWAY_PORT),
        startReplica('identity', SECOND_IDENTITY_PORT),
      ]);
      replicas.push(gateway, identity);
      const double: Topology = {
        label: '2 gateways + 2 identity',
        gateways: [BENCH_GATEWAY, `http://127.0.0.1:${gateway.port}`],
        gatewayPids: [...single.gatewayPids, gateway.pid],
        identityPids: [...single.identityPids, identity.pid],
      };
      await runPhase({ ...double }, org.token); // the new processes' warm-up, unscored
      const two = await runPhase(double, org.token);
      doubles.push(two);
      process.stdout.write(
        `  round ${round} ${double.label.padEnd(24)} ${two.requestsPerSecond.toFixed(0)} req/s\n`,
      );
      await Promise.all(replicas.splice(0).map((replica) => replica.stop()));
    }
    process.stdout.write('\nscale-out\n');
    const one = summarise('1 gateway + 1 identity', singles);
    const two = summarise('2 gateways + 2 identity', doubles);
    const cpuMsPerRequest = (one.gatewayCpuMs + one.identityCpuMs) / one.requests;
    process.stdout.write(
      [
        `  throughput ratio 2x2 / 1x1: ${(two.requestsPerSecond / one.requestsPerSecond).toFixed(2)}x`,
        `  CPU per request (gateway + identity, 1x1): ${cpuMsPerRequest.toFixed(3)} ms, i.e. ${cpuMsPerRequest.toFixed(2)} cores per 1,000 req/s before NATS, PostgreSQL and Redis`,
        `  this machine has ${availableParallelism()} cores shared by servers, NATS, PostgreSQL, Redis and the load generator: the ceiling is CPU, not the design`,
        '',
      ].join('\n'),
    );
  } finally {
    await Promise.all(replicas.map((replica) => replica.stop()));
    stopBenchStack();
  }
}

runMain(main);
