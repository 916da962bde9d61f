/**
 * Gateway tax: one small resource read (the organization's workspaces) three ways, alternating
 * round by round at the same concurrency:
 *   - bare: Fastify + pg in one process (what the read costs at minimum);
 *   - raw floor: Fastify -> nats.js request -> plain nats.js responder -> pg, the same query and
 *     body across the same kinds of processes as the gateway path, with nothing of ours in it;
 *   - gateway: GET /workspaces through gateway -> NATS -> identity -> PostgreSQL.
 * Every server runs in its own process; the load generator (autocannon) runs here, alone.
 * CPU per request is the servers' user+system time over their rounds (NATS and PostgreSQL,
 * shared by all paths, are not counted).
 * Targets (issue 14): gateway >= 0.8x the floor's throughput, <= 1 ms added p50 over the floor,
 * <= 1.5x the floor's CPU per request.
 *   DOCKET_BENCH_PROFILE=sandbox4 node -r @swc-node/register bench/gateway-tax.ts \
 *     [--seconds 8] [--rounds 3] [--connections 10]
 */

import { randomUUID } from 'node:crypto';

import {
  BENCH_GATEWAY,
  BENCH_PROFILE,
  benchOrganization,
  benchServicePid,
  startBenchStack,
  stopBenchStack,
} from './support/bench-stack';
import { alternate, printComparison, runOptions } from './support/load';
import { runMain } from './support/run-main';
import { ServerProcess, startServerProcess } from './support/server-process';

const options = runOptions();
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const BARE_PORT = 3997;
const FLOOR_PORT = 3998;

async function main(): Promise<void> {
  startBenchStack('identity,gateway');
  const org = await benchOrganization();
  const databaseUrl = BENCH_PROFILE.env.DATABASE_URL;
  // A subject of its own, so the floor never answers anything of a running stack.
  const subject = `bench-floor.${randomUUID()}`;
  const servers: ServerProcess[] = [];
  try {
    const bare = await startServerProcess('bench/floor/bare-server.ts', [
      String(BARE_PORT),
      databaseUrl,
      org.organizationId,
    ]);
    servers.push(bare);
    const responder = await startServerProcess('bench/floor/floor-responder.ts', [
      NATS_URL,
      subject,
      databaseUrl,
    ]);
    servers.push(responder);
    const floorFront = await startServerProcess('bench/floor/floor-http.ts', [
      String(FLOOR_PORT),
      NATS_URL,
      subject,
      org.organizationId,
    ]);
    servers.push(floorFront);
    process.stdout.write(
      `gateway tax: ${options.rounds} alternating rounds of ${options.seconds} s, ${options.connections} connections\n`,
    );
    const [gateway, floor, bareResult] = await alternate(
      [
        {
          label: 'gateway GET /workspaces',
          url: `${BENCH_GATEWAY}/workspaces`,
          headers: { authorization: `Bearer ${org.token}` },
          pids: [benchServicePid('gateway'), benchServicePid('identity')],
        },
        {
          label: 'raw floor (nats.js + pg)',
          url: `http://127.0.0.1:${FLOOR_PORT}/workspaces`,
          pids: [floorFront.pid, responder.pid],
        },
        {
          label: 'bare fastify+pg',
          url: `http://127.0.0.1:${BARE_PORT}/workspaces`,
          pids: [bare.pid],
        },
      ],
      options.rounds,
      options.seconds,
      options.connections,
    );
    printComparison('Raw floor vs bare (the hops themselves)', floor, bareResult);
    printComparison('Gateway vs bare', gateway, bareResult);
    printComparison(
      'Gateway vs raw floor (target: >= 0.8x throughput, <= 1 ms added p50, <= 1.5x CPU per request)',
      gateway,
      floor,
      0.8,
      1.5,
    );
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    stopBenchStack();
  }
}

runMain(main);
