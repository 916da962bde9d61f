/**
 * Auth cost: the same route with and without the gateway's JWT verification. Two Fastify
 * servers answer the same PostgreSQL read; one first runs the gateway's own TokenVerifier on the
 * bearer token (EdDSA, key from the identity service's JWKS, cached in memory as in the gateway).
 * Target: >= 0.90x.
 *   node -r @swc-node/register bench/auth-cost.ts [--seconds 8] [--rounds 3] [--connections 10]
 */

import Fastify, { FastifyInstance } from 'fastify';
import { importJWK, JWK } from 'jose';
import { Pool } from 'pg';

import { JwksCache } from '../apps/gateway/src/auth/jwks.cache';
import { TokenVerifier } from '../apps/gateway/src/auth/token-verifier';
import { GatewayConfig } from '../apps/gateway/src/gateway.config';
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
  const jwks = (await (await fetch(`${BENCH_GATEWAY}/.well-known/jwks.json`)).json()) as {
    keys: Array<JWK & { kid: string; alg: string }>;
  };
  const keys = new Map(
    await Promise.all(jwks.keys.map(async (k) => [k.kid, await importJWK(k, k.alg)] as const)),
  );
  // The verifier is the gateway's; only its key source is the JWKS fetched above, held in memory.
  const cache = {
    keyFor: async (kid: string | undefined) => (kid ? keys.get(kid) : undefined),
  } as unknown as JwksCache;
  const verifier = new TokenVerifier(cache, new GatewayConfig());
  const pool = new Pool({ connectionString: BENCH_PROFILE.env.DATABASE_URL, max: 10 });
  const read = () =>
    pool
      .query('SELECT id, name FROM identity.workspaces WHERE organization_id = $1', [
        org.organizationId,
      ])
      .then((r) => r.rows);

  const servers: FastifyInstance[] = [Fastify(), Fastify()];
  servers[0].get('/workspaces', async () => ({ data: await read() }));
  servers[1].get('/workspaces', async (request) => {
    await verifier.verify(request.headers.authorization);
    return { data: await read() };
  });
  await servers[0].listen({ port: 3997, host: '127.0.0.1' });
  await servers[1].listen({ port: 3998, host: '127.0.0.1' });
  try {
    const headers = { authorization: `Bearer ${org.token}` };
    const [withAuth, without] = await alternate(
      [
        { label: 'with JWT verification', url: 'http://127.0.0.1:3998/workspaces', headers },
        { label: 'without JWT verification', url: 'http://127.0.0.1:3997/workspaces', headers },
      ],
      options.rounds,
      options.seconds,
      options.connections,
    );
    printComparison('Auth cost (target: >= 0.90x)', withAuth, without, 0.9);
  } finally {
    await Promise.all(servers.map((s) => s.close()));
    await pool.end();
    stopBenchStack();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
