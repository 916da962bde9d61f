import 'reflect-metadata';

import { randomUUID } from 'node:crypto';

import { IsString } from 'class-validator';
import { connect, NatsConnection } from 'nats';

import { defineEvent, eventStreamOf } from './event-definition';
import { JetStreamEvents, Subscription } from './jetstream-events';
import { NatsCluster } from './testing/nats-cluster.fixture';

class Beat {
  @IsString() note!: string;
}
const BeatV1 = defineEvent('tests.beat.sent.v1', Beat);

/**
 * A consumer keeps receiving events when a NATS node dies (the fault suite's `nats-node` fault,
 * on a cluster of the test's own). The hard case is the node that leads the durable consumer
 * dying while the consuming process stays connected to a surviving node: the pull request the
 * process left with the old leader is gone with it, and nothing tells the process so; only the
 * pull's heartbeats going missing do. Before the pull carried a short heartbeat, the next event
 * came 30-45 s later.
 */
describe('JetStream events when a NATS node dies (own three-node cluster)', () => {
  const prefix = `fo-${randomUUID().slice(0, 8)}`;
  const stream = eventStreamOf('tests', prefix).name;
  let cluster: NatsCluster;
  let admin: NatsConnection;
  let events: JetStreamEvents;
  let subscription: Subscription | undefined;

  // Each test kills a node: a fresh cluster each, so the next one has all three again.
  beforeEach(async () => {
    cluster = await NatsCluster.start();
  });

  afterEach(async () => {
    await subscription?.stop();
    await events?.close();
    await admin?.close();
    await cluster?.stop();
  });

  async function connectTo(node: number): Promise<void> {
    events = await JetStreamEvents.connect({
      servers: cluster.url(node),
      name: 'failover-int-spec',
      prefix,
      replicas: 3,
    });
    admin = await connect({ servers: cluster.url(node) });
  }

  /**
   * Asks the leader of the stream (or of one of its consumers) to hand over until it is not
   * `node`; answers the leading node.
   */
  async function leadAwayFrom(node: number, durable?: string): Promise<number> {
    const manager = await admin.jetstreamManager({ timeout: 10_000 });
    const what = durable
      ? `CONSUMER.LEADER.STEPDOWN.${stream}.${durable}`
      : `STREAM.LEADER.STEPDOWN.${stream}`;
    for (let attempt = 1; ; attempt++) {
      const info = durable
        ? await manager.consumers.info(stream, durable)
        : await manager.streams.info(stream);
      const leader = info.cluster?.leader;
      if (leader && cluster.nodeNamed(leader) !== node) return cluster.nodeNamed(leader);
      if (attempt > 20) throw new Error(`${what} stays with node ${node}`);
      await admin.request(`$JS.API.${what}`, undefined, { timeout: 10_000 }).catch(() => 0);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  /** Publishes until the stream stores it: the stream's own leader may have died too. */
  async function publishSurely(note: string): Promise<void> {
    for (;;) {
      try {
        await events.publish(BeatV1, { note }, { msgId: note });
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }

  it('delivers within seconds after the node leading its consumer is killed', async () => {
    // The consuming process talks to node 1 only, which survives.
    await connectTo(1);
    const received: Array<{ note: string; at: number }> = [];
    const durable = `failover-${randomUUID().slice(0, 8)}`;
    subscription = await events.consume(BeatV1, {
      durable,
      deliverPolicy: 'new',
      handle: async (event) => {
        received.push({ note: event.note, at: Date.now() });
      },
    });
    await publishSurely('before');
    await waitFor(() => received.some((r) => r.note === 'before'), 30_000);

    const leader = await leadAwayFrom(1, durable);
    // The pull request now waiting at the leader is the one that dies with it.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const killedAt = Date.now();
    cluster.kill(leader);
    await publishSurely('after');
    await waitFor(() => received.some((r) => r.note === 'after'), 60_000);

    const recoveryMs = received.find((r) => r.note === 'after')!.at - killedAt;
    process.stdout.write(`next event ${recoveryMs} ms after its consumer's leader died\n`);
    // A new leader is elected in a few seconds; a process that waited out the old pull's
    // 30 s expiry or missed heartbeats would be far past this.
    expect(recoveryMs).toBeLessThan(15_000);
  }, 120_000);

  it('publishes through the election that follows the death of its stream leader', async () => {
    await connectTo(1);
    const received: string[] = [];
    subscription = await events.consume(BeatV1, {
      durable: `publisher-${randomUUID().slice(0, 8)}`,
      deliverPolicy: 'new',
      handle: async (event) => {
        received.push(event.note);
      },
    });
    await publishSurely('before');
    const leader = await leadAwayFrom(1);
    const killedAt = Date.now();
    cluster.kill(leader);
    // One call, as a run's bookkeeping makes it: it must not fail for want of a leader.
    await events.publish(BeatV1, { note: 'after' }, { msgId: 'after' });
    const publishMs = Date.now() - killedAt;
    process.stdout.write(`publish stored ${publishMs} ms after its stream's leader died\n`);
    await waitFor(() => received.includes('after'), 30_000);
    expect(publishMs).toBeLessThan(30_000);
  }, 120_000);
});

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
