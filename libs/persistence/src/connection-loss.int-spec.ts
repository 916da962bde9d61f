import { randomUUID } from 'node:crypto';
import { createServer, Server, Socket } from 'node:net';

import { isDatabaseConnectionLoss } from '@docket/platform';
import { Client } from 'pg';
import { DataSource } from 'typeorm';

import { createServiceDataSource } from './data-source.factory';
import { preparedQuery } from './prepared-query';

/**
 * A service's data source survives PostgreSQL ending its sessions (57P01, "terminating connection
 * due to administrator command": what a PostgreSQL restart sends every session, and what
 * `pg_terminate_backend` sends one). A flows replica died of it in the fault suite (issue 33).
 * Against the test stack's PostgreSQL, terminating only this test's own sessions (found by their
 * application name) and running only SELECTs.
 */
const DATABASE_URL =
  process.env.DOCKET_CONNECTION_LOSS_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/docket_test';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function serviceDataSource(url: string, applicationName: string, poolSize: number): DataSource {
  return createServiceDataSource({
    url,
    schema: 'public',
    entities: [],
    migrations: [],
    poolSize,
    applicationName,
  });
}

describe('a service data source when PostgreSQL ends its sessions', () => {
  let admin: Client;
  const crashes: unknown[] = [];
  const recordCrash = (error: unknown) => crashes.push(error);

  beforeAll(async () => {
    admin = new Client({
      connectionString: DATABASE_URL,
      application_name: 'connection-loss-admin',
    });
    await admin.connect();
    // An 'error' event nobody listens to is thrown from the socket's callback: it surfaces here.
    process.on('uncaughtException', recordCrash);
  });

  afterAll(async () => {
    process.off('uncaughtException', recordCrash);
    await admin.end();
  });

  async function terminateSessionsOf(applicationName: string): Promise<number> {
    // Two statements: in one, PostgreSQL may call pg_terminate_backend before the filter.
    const own = await admin.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()`,
      [applicationName],
    );
    const pids = own.rows.map((row) => row.pid);
    await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids]);
    return pids.length;
  }

  it('keeps serving through repeated terminations of every session, idle or mid-transaction', async () => {
    const applicationName = `connection-loss-${randomUUID().slice(0, 8)}`;
    const dataSource = await serviceDataSource(DATABASE_URL, applicationName, 6).initialize();
    const failures: unknown[] = [];
    let succeeded = 0;
    let stopped = false;
    // The three ways services query: transactions (a query runner held across statements),
    // TypeORM's pooled query, and named prepared statements on the pool itself.
    const kinds = [
      () =>
        dataSource.transaction(async (manager) => {
          await manager.query('SELECT 1');
          await sleep(30);
          await manager.query('SELECT pg_sleep(0.03)');
        }),
      () => dataSource.query('SELECT pg_sleep(0.02)'),
      () => preparedQuery(dataSource, 'connection_loss_probe', 'SELECT $1::int AS n', [1]),
    ];
    const load = Array.from({ length: 6 }, async (_, i) => {
      while (!stopped) {
        try {
          await kinds[i % kinds.length]();
          succeeded += 1;
        } catch (error) {
          failures.push(error);
        }
        await sleep(5);
      }
    });
    try {
      let terminated = 0;
      for (let round = 0; round < 8; round++) {
        await sleep(250);
        terminated += await terminateSessionsOf(applicationName);
      }
      await sleep(500);
      stopped = true;
      await Promise.all(load);

      expect(terminated).toBeGreaterThan(8);
      expect(crashes).toEqual([]);
      // Statements cut off failed with an error a caller may retry, never anything else.
      expect(failures.filter((error) => !isDatabaseConnectionLoss(error))).toEqual([]);
      expect(succeeded).toBeGreaterThan(0);
      // The pool opened fresh sessions: every kind of query works again.
      for (const kind of kinds) await kind();
    } finally {
      stopped = true;
      await Promise.all(load);
      await dataSource.destroy();
    }
  });

  /**
   * The gap that killed the replica: the pool hands a new client to TypeORM as soon as the
   * session is ready, but TypeORM listens for its errors only a few promise turns later. When
   * the "ready" and the termination arrive in one read (a busy process reading a socket late), the
   * termination was an 'error' event with no listener. A proxy in front of PostgreSQL delivers
   * them in one write.
   */
  it('survives a session ended in the same read that made it ready', async () => {
    const applicationName = `connection-loss-${randomUUID().slice(0, 8)}`;
    const proxy = await HoldingProxy.start(new URL(DATABASE_URL));
    const url = new URL(DATABASE_URL);
    url.host = `127.0.0.1:${proxy.port}`;
    const dataSource = await serviceDataSource(url.toString(), applicationName, 2).initialize();
    // Keep the pool's one idle session busy so the next query must open a new one.
    const holder = dataSource.createQueryRunner();
    await holder.connect();
    try {
      proxy.holdReplies();
      const query = dataSource.query('SELECT 1 AS n').then(
        () => undefined,
        (error: unknown) => error,
      );
      // The new session is ready on the server's side (its reply held at the proxy) ...
      const pid = await waitFor(async () => {
        const rows = await admin.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity
            WHERE application_name = $1 AND state = 'idle' AND pid <> ALL($2::int[])`,
          [applicationName, [await backendPid(holder)]],
        );
        return rows.rows[0]?.pid;
      });
      // ... then ended; its "ready" and its termination reach the client in one write.
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      await proxy.waitForServerEnd();
      proxy.releaseRepliesAsOneWrite();

      const error = await query;
      expect(crashes).toEqual([]);
      expect(error).toBeDefined();
      expect(isDatabaseConnectionLoss(error)).toBe(true);
      await holder.release();
      expect(await dataSource.query('SELECT 2 AS n')).toEqual([{ n: 2 }]);
    } finally {
      if (!holder.isReleased) await holder.release();
      await dataSource.destroy();
      await proxy.close();
    }
  });
});

async function backendPid(queryRunner: { query: (sql: string) => Promise<unknown> }) {
  const rows = (await queryRunner.query('SELECT pg_backend_pid() AS pid')) as Array<{
    pid: number;
  }>;
  return rows[0].pid;
}

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(20);
  }
  throw new Error(`nothing within ${timeoutMs} ms`);
}

/**
 * A TCP proxy to PostgreSQL that can hold what the server sends to new connections and then
 * deliver it in one write.
 */
class HoldingProxy {
  private holding = false;
  private readonly held: Array<{ client: Socket; chunks: Buffer[] }> = [];
  private serverEnded?: () => void;
  private readonly serverEnd = new Promise<void>((resolve) => (this.serverEnded = resolve));
  private readonly sockets = new Set<Socket>();

  private readonly server: Server;
  port = 0;

  private constructor(private readonly target: URL) {
    this.server = createServer((client) => this.connected(client));
  }

  static async start(target: URL): Promise<HoldingProxy> {
    const proxy = new HoldingProxy(target);
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    const address = proxy.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    proxy.port = address.port;
    return proxy;
  }

  holdReplies(): void {
    this.holding = true;
  }

  waitForServerEnd(): Promise<void> {
    return this.serverEnd;
  }

  releaseRepliesAsOneWrite(): void {
    this.holding = false;
    for (const { client, chunks } of this.held.splice(0)) {
      client.end(Buffer.concat(chunks));
    }
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private connected(client: Socket): void {
    const target = this.target;
    const upstream = new Socket();
    const held = this.holding ? { client, chunks: [] as Buffer[] } : undefined;
    if (held) this.held.push(held);
    this.sockets.add(client).add(upstream);
    upstream.connect(Number(target.port || 5432), target.hostname);
    client.on('data', (data) => upstream.write(data));
    upstream.on('data', (data) => (held ? held.chunks.push(data) : client.write(data)));
    upstream.on('end', () => {
      if (held) this.serverEnded?.();
      else client.end();
    });
    client.on('end', () => upstream.end());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  }
}
