import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { connect } from 'nats';

/** The stream made and removed to learn that all three nodes take replicas. */
const PLACEMENT_PROBE = 'placement-probe';

/**
 * A three-node NATS JetStream cluster of its own (Debian's `nats-server`, as the prod profile
 * runs), on free ports in a temporary directory, for tests that kill a node: the machine's
 * NATS and the prod profile's cluster are shared and must not be faulted by a test.
 */
export class NatsCluster {
  private readonly processes = new Map<number, ChildProcess>();

  private constructor(
    private readonly directory: string,
    private readonly clientPorts: number[],
    private readonly routePorts: number[],
  ) {}

  static async start(): Promise<NatsCluster> {
    const ports = await freePorts(6);
    const cluster = new NatsCluster(
      mkdtempSync(path.join(tmpdir(), 'nats-cluster-')),
      ports.slice(0, 3),
      ports.slice(3),
    );
    for (const node of [1, 2, 3]) cluster.startNode(node);
    await cluster.jetStreamReady();
    return cluster;
  }

  /** All three client URLs, comma separated, as services are configured. */
  get servers(): string {
    return [1, 2, 3].map((node) => this.url(node)).join(',');
  }

  url(node: number): string {
    return `nats://127.0.0.1:${this.clientPorts[node - 1]}`;
  }

  /** The server name the cluster reports as a leader (`ConsumerInfo.cluster.leader`). */
  nameOf(node: number): string {
    return `node-${node}`;
  }

  nodeNamed(name: string): number {
    return Number(name.replace('node-', ''));
  }

  /** SIGKILL: no goodbye to clients or peers, as when a machine or pod dies. */
  kill(node: number): void {
    this.processes.get(node)?.kill('SIGKILL');
    this.processes.delete(node);
  }

  async stop(): Promise<void> {
    for (const node of [...this.processes.keys()]) this.kill(node);
    rmSync(this.directory, { recursive: true, force: true });
  }

  private startNode(node: number): void {
    const routes = [1, 2, 3]
      .filter((other) => other !== node)
      .map((other) => `nats://127.0.0.1:${this.routePorts[other - 1]}`);
    const child = spawn(
      'nats-server',
      [
        ...['-a', '127.0.0.1', '-p', String(this.clientPorts[node - 1])],
        ...['-n', this.nameOf(node), '-js', '-sd', path.join(this.directory, `node-${node}`)],
        ...['--cluster_name', 'test-cluster'],
        ...['--cluster', `nats://127.0.0.1:${this.routePorts[node - 1]}`],
        ...['--routes', routes.join(',')],
      ],
      { stdio: 'ignore', env: { ...process.env, PATH: `${process.env.PATH}:/usr/sbin:/sbin` } },
    );
    this.processes.set(node, child);
  }

  /**
   * Ready when the cluster can place a stream on all three nodes: a meta leader alone is not
   * enough, since on a loaded machine a node may not have joined the meta group yet and a
   * three-replica stream then fails with "no suitable peers for placement". A throwaway stream
   * of three replicas is made and removed, again until it succeeds.
   */
  private async jetStreamReady(): Promise<void> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        const connection = await connect({ servers: this.servers.split(',') });
        try {
          const manager = await connection.jetstreamManager({ timeout: 2_000 });
          await manager.getAccountInfo();
          await manager.streams.add({
            name: PLACEMENT_PROBE,
            subjects: [`${PLACEMENT_PROBE}.>`],
            num_replicas: 3,
          });
          await manager.streams.delete(PLACEMENT_PROBE);
          return;
        } finally {
          await connection.close();
        }
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }
}

async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve) => {
          const server = createServer();
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as { port: number }).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}
