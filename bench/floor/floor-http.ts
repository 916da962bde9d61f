/**
 * The raw floor's front: Fastify handing each request to NATS with plain `nats.js` request/reply
 * and returning the responder's rows in the gateway's envelope. Together with
 * floor-responder.ts it crosses the same processes as the gateway path (HTTP server, NATS,
 * service, PostgreSQL) with nothing of ours in between.
 *   node -r @swc-node/register bench/floor/floor-http.ts PORT NATS_URL SUBJECT ORGANIZATION_ID
 */
import Fastify from 'fastify';
import { connect, JSONCodec } from 'nats';

import { announceListening, WorkspaceRow, workspacesEnvelope } from './workspaces-query';

async function main(): Promise<void> {
  const [port, natsUrl, subject, organizationId] = process.argv.slice(2);
  const nc = await connect({ servers: natsUrl });
  const codec = JSONCodec<unknown>();
  const app = Fastify();
  app.get('/workspaces', async () => {
    const reply = await nc.request(subject, codec.encode({ organizationId }), { timeout: 5000 });
    const rows = codec.decode(reply.data);
    if (!Array.isArray(rows)) throw new Error(`responder failed: ${JSON.stringify(rows)}`);
    return workspacesEnvelope(rows as WorkspaceRow[]);
  });
  await app.listen({ port: Number(port), host: '127.0.0.1' });
  announceListening(Number(port));
}

void main();
