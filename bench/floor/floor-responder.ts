/**
 * The raw floor's service: a plain `nats.js` subscription answering with the rows of the same
 * query the identity service runs. Announces itself with port 0 (it listens on NATS only).
 *   node -r @swc-node/register bench/floor/floor-responder.ts NATS_URL SUBJECT DATABASE_URL
 */
import { connect, JSONCodec } from 'nats';
import { Pool } from 'pg';

import { announceListening, WORKSPACES_SQL } from './workspaces-query';

async function main(): Promise<void> {
  const [natsUrl, subject, databaseUrl] = process.argv.slice(2);
  const nc = await connect({ servers: natsUrl });
  const pool = new Pool({ connectionString: databaseUrl, max: 10 });
  const codec = JSONCodec<{ organizationId: string }>();
  const rowsCodec = JSONCodec<unknown>();
  nc.subscribe(subject, {
    callback: (error, message) => {
      if (error) return;
      const { organizationId } = codec.decode(message.data);
      pool.query(WORKSPACES_SQL, [organizationId]).then(
        ({ rows }) => message.respond(rowsCodec.encode(rows)),
        // A failure must fail the request (a 500 at the front), never look like an empty list.
        (failure: Error) => message.respond(rowsCodec.encode({ error: failure.message })),
      );
    },
  });
  await nc.flush();
  announceListening(0);
}

void main();
