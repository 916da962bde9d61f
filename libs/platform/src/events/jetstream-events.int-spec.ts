import 'reflect-metadata';

import { randomUUID } from 'node:crypto';

import { IsString, IsUUID } from 'class-validator';
import { connect, NatsConnection } from 'nats';

import { DocketException } from '../errors/docket.exception';
import { currentTraceId, runWithTrace } from '../trace/trace-context';
import { defineEvent, eventStreamOf } from './event-definition';
import { Delivery, JetStreamEvents, Subscription } from './jetstream-events';
import { OutboxMessage, OutboxRelay, OutboxStore } from './outbox-relay';
import { RedeliverLater } from './redeliver-later';

class ThingHappened {
  @IsUUID('4') id!: string;
  @IsString() note!: string;
}
const ThingHappenedV1 = defineEvent('tests.thing.happened.v1', ThingHappened);

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

function collector() {
  const seen: Array<{ event: ThingHappened; delivery: Delivery; traceId?: string }> = [];
  return {
    seen,
    until: async (count: number, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      while (seen.length < count && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      return seen;
    },
  };
}

describe('JetStream events (real NATS)', () => {
  const prefix = `it-${randomUUID().slice(0, 8)}`;
  let events: JetStreamEvents;
  let admin: NatsConnection;
  const subscriptions: Subscription[] = [];

  beforeAll(async () => {
    events = await JetStreamEvents.connect({ servers: NATS_URL, name: 'events-int-spec', prefix });
    admin = await connect({ servers: NATS_URL });
  });

  afterEach(async () => {
    await Promise.all(subscriptions.splice(0).map((s) => s.stop()));
  });

  afterAll(async () => {
    await events.close();
    const manager = await admin.jetstreamManager();
    await manager.streams.delete(eventStreamOf('tests', prefix).name).catch(() => undefined);
    await admin.close();
  });

  async function consume(
    durable: string,
    handle: (e: ThingHappened, d: Delivery) => Promise<void>,
    extra = {},
  ) {
    const subscription = await events.consume(ThingHappenedV1, {
      durable,
      handle,
      deliverPolicy: 'new',
      ...extra,
    });
    subscriptions.push(subscription);
    return subscription;
  }

  it('delivers a published event once, with its msgId, delivery count and trace id', async () => {
    const got = collector();
    await consume(`d-${randomUUID()}`, async (event, delivery) => {
      got.seen.push({ event, delivery, traceId: currentTraceId() });
    });
    const id = randomUUID();
    const traceId = 'a'.repeat(32);
    const first = await runWithTrace(traceId, () =>
      events.publish(ThingHappenedV1, { id, note: 'hello' }, { msgId: `thing:${id}` }),
    );
    const again = await events.publish(
      ThingHappenedV1,
      { id, note: 'hello' },
      { msgId: `thing:${id}` },
    );
    expect(first.duplicate).toBe(false);
    expect(again).toEqual({ sequence: first.sequence, duplicate: true });
    await got.until(1);
    await new Promise((r) => setTimeout(r, 500));
    expect(got.seen).toHaveLength(1);
    expect(got.seen[0]).toMatchObject({
      event: { id, note: 'hello' },
      delivery: { msgId: `thing:${id}`, deliveryCount: 1, traceId },
      traceId,
    });
  });

  it('redelivers after a handler throws, then acks', async () => {
    const got = collector();
    await consume(`d-${randomUUID()}`, async (event, delivery) => {
      got.seen.push({ event, delivery });
      if (delivery.deliveryCount === 1) throw new Error('transient');
    });
    await events.publish(
      ThingHappenedV1,
      { id: randomUUID(), note: 'retry' },
      { msgId: randomUUID() },
    );
    await got.until(2);
    await new Promise((r) => setTimeout(r, 1500));
    expect(got.seen.map((s) => s.delivery.deliveryCount)).toEqual([1, 2]);
  });

  it("brings a RedeliverLater back after its own delay, ahead of a failure's back-off", async () => {
    const got = collector();
    await consume(
      `d-${randomUUID()}`,
      async (event, delivery) => {
        got.seen.push({ event, delivery });
        if (delivery.deliveryCount > 1) return;
        if (event.note === 'later') throw new RedeliverLater(20, 'waits for another event');
        throw new Error('transient');
      },
      { concurrency: 2 },
    );
    // The failure first: its redelivery waits 1 s, the other's 20 ms.
    await events.publish(
      ThingHappenedV1,
      { id: randomUUID(), note: 'fails' },
      { msgId: randomUUID() },
    );
    await events.publish(
      ThingHappenedV1,
      { id: randomUUID(), note: 'later' },
      { msgId: randomUUID() },
    );
    await got.until(4);
    expect(got.seen.map((s) => `${s.event.note}#${s.delivery.deliveryCount}`)).toEqual([
      'fails#1',
      'later#1',
      'later#2',
      'fails#2',
    ]);
  });

  it('terminates a message after maxDeliver failed attempts', async () => {
    const got = collector();
    await consume(
      `d-${randomUUID()}`,
      async (event, delivery) => {
        got.seen.push({ event, delivery });
        throw new Error('always');
      },
      { maxDeliver: 2 },
    );
    await events.publish(
      ThingHappenedV1,
      { id: randomUUID(), note: 'doomed' },
      { msgId: randomUUID() },
    );
    await got.until(2);
    await new Promise((r) => setTimeout(r, 2500));
    expect(got.seen.map((s) => s.delivery.deliveryCount)).toEqual([1, 2]);
  });

  it('terminates a payload that breaks the contract without calling the handler', async () => {
    const got = collector();
    await consume(`d-${randomUUID()}`, async (event, delivery) => {
      got.seen.push({ event, delivery });
    });
    await events.publishRaw(ThingHappenedV1.subject, { id: 'not-a-uuid' }, randomUUID());
    const good = randomUUID();
    await events.publish(
      ThingHappenedV1,
      { id: good, note: 'after poison' },
      { msgId: randomUUID() },
    );
    await got.until(1);
    await new Promise((r) => setTimeout(r, 500));
    expect(got.seen.map((s) => s.event.id)).toEqual([good]);
  });

  it('refuses to publish a payload that breaks the contract', async () => {
    await expect(
      events.publish(ThingHappenedV1, { id: 'x', note: 'bad' } as ThingHappened, {
        msgId: randomUUID(),
      }),
    ).rejects.toBeInstanceOf(DocketException);
  });

  it('shares a durable consumer between subscribers: each event handled once', async () => {
    const durable = `shared-${randomUUID()}`;
    const got = collector();
    const handler = async (event: ThingHappened, delivery: Delivery) => {
      got.seen.push({ event, delivery });
    };
    await consume(durable, handler, { concurrency: 2 });
    await consume(durable, handler, { concurrency: 2 });
    const ids = Array.from({ length: 20 }, () => randomUUID());
    await Promise.all(
      ids.map((id) => events.publish(ThingHappenedV1, { id, note: 'n' }, { msgId: id })),
    );
    await got.until(20);
    await new Promise((r) => setTimeout(r, 500));
    expect(got.seen.map((s) => s.event.id).sort()).toEqual([...ids].sort());
  });

  it('relays an outbox at least once, de-duplicated by msgId', async () => {
    const got = collector();
    await consume(`d-${randomUUID()}`, async (event, delivery) => {
      got.seen.push({ event, delivery });
    });
    const id = randomUUID();
    const row: OutboxMessage = {
      id: randomUUID(),
      subject: ThingHappenedV1.subject,
      payload: { id, note: 'outbox' },
      msgId: `o:${id}`,
    };
    let markAttempts = 0;
    let published = false;
    // A store that "crashes" before marking the first time: the row is relayed twice.
    const store: OutboxStore = {
      pending: async () => (published ? [] : [row]),
      markPublished: async () => {
        markAttempts += 1;
        if (markAttempts === 1) throw new Error('crash before mark');
        published = true;
      },
    };
    const relay = new OutboxRelay(store, events, { intervalMs: 100 });
    relay.start();
    await got.until(1);
    await new Promise((r) => setTimeout(r, 800));
    await relay.stop();
    expect(markAttempts).toBe(2);
    expect(published).toBe(true);
    expect(got.seen.map((s) => s.event.id)).toEqual([id]);
  });
});
