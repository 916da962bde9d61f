/**
 * Gateway tax: one small resource read through gateway -> NATS -> identity -> PostgreSQL
 * (GET /workspaces) against a bare Fastify + pg endpoint returning the same rows, alternating
 * runs at the same concurrency. Targets: >= 0.40x throughput, <= 1 ms added p50.
 *   node -r @swc-node/register bench/gateway-tax.ts [--seconds 8] [--rounds 3] [--connections 10]
 */

import Fastify from 'fastify';
import { Pool } from 'pg';

import {
  BENCH_GATEWAY,
  BENCH_PROFILE,
  benchOrganization,
  startBenchStack,
  stopBenchStack,
} from './support/bench-stack';
import { alternate, printComparison, runOptions } from './support/load';

const options = runOptions();

async function main(): Promise<void> {
  startBenchStack('identity,gateway');
  const org = await benchOrganization();
  const pool = new Pool({ connectionString: BENCH_PROFILE.env.DATABASE_URL, max: 10 });
  const bare = Fastify();
  bare.get('/workspaces', async () => {
    const { rows } = await pool.query(
      'SELECT id AS "workspaceId", name, created_at AS "createdAt" FROM identity.workspaces WHERE organization_id = $1 ORDER BY created_at',
      [org.organizationId],
    );
    return {
      success: true,
      message: 'Workspaces',
      data: rows,
      page: 1,
      limit: 20,
      totalCount: rows.length,
      totalPages: 1,
    };
  });
  await bare.listen({ port: 3999, host: '127.0.0.1' });
  try {
    process.stdout.write(
      `gateway tax: ${options.rounds} alternating rounds of ${options.seconds} s, ${options.connections} connections\n`,
    );
    const [gateway, baseline] = await alternate(
      [
        {
          label: 'gateway GET /workspaces',
          url: `${BENCH_GATEWAY}/workspaces`,
          headers: { authorization: `Bearer ${org.token}` },
        },
        { label: 'bare fastify+pg', url: 'http://127.0.0.1:3999/workspaces' },
      ],
      options.rounds,
      options.seconds,
      options.connections,
    );
    printComparison(
      'Gateway tax (target: >= 0.40x throughput, <= 1 ms added p50)',
      gateway,
      baseline,
      0.4,
    );
  } finally {
    await bare.close();
    await pool.end();
    stopBenchStack();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
