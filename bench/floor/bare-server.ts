/**
 * Baseline 1: bare Fastify + pg in one process, the cheapest way to answer the request.
 *   node -r @swc-node/register bench/floor/bare-server.ts PORT DATABASE_URL ORGANIZATION_ID
 */
import Fastify from 'fastify';
import { Pool } from 'pg';

import { announceListening, WORKSPACES_SQL, workspacesEnvelope } from './workspaces-query';

async function main(): Promise<void> {
  const [port, databaseUrl, organizationId] = process.argv.slice(2);
  const pool = new Pool({ connectionString: databaseUrl, max: 10 });
  const app = Fastify();
  app.get('/workspaces', async () => {
    const { rows } = await pool.query(WORKSPACES_SQL, [organizationId]);
    return workspacesEnvelope(rows);
  });
  await app.listen({ port: Number(port), host: '127.0.0.1' });
  announceListening(Number(port));
}

void main();
