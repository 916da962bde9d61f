import { randomUUID } from 'node:crypto';

import { connect, headers, NatsConnection, StringCodec } from 'nats';

import { TurnEndQueue } from './turn-end-queue';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const codec = StringCodec();

/** Against the real NATS server: publishes held to the end of a turn still arrive, in order. */
describe('TurnEndQueue with NATS publishes', () => {
  let publishing: NatsConnection;
  let receiving: NatsConnection;

  beforeAll(async () => {
    [publishing, receiving] = await Promise.all([
      connect({ servers: NATS_URL }),
      connect({ servers: NATS_URL }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([publishing, receiving].map((c) => (c.isClosed() ? undefined : c.close())));
  });

  it('delivers every message published in one turn, in order, with its reply subject and headers', async () => {
    const subject = `turn-end-${randomUUID()}`;
    const received: Array<{ data: string; reply?: string; trace?: string }> = [];
    const all = new Promise<void>((resolve) => {
      receiving.subscribe(subject, {
        callback: (_error, message) => {
          received.push({
            data: codec.decode(message.data),
            reply: message.reply,
            trace: message.headers?.get('x-trace'),
          });
          if (received.length === 200) resolve();
        },
      });
    });
    await receiving.flush();
    const queue = new TurnEndQueue();
    const header = headers();
    header.set('x-trace', 'abc');
    await Promise.all(
      Array.from({ length: 200 }, (_, n) =>
        queue.run(() =>
          publishing.publish(subject, codec.encode(String(n)), {
            reply: `r.${n}`,
            headers: header,
          }),
        ),
      ),
    );
    await all;
    expect(received).toEqual(
      Array.from({ length: 200 }, (_, n) => ({ data: String(n), reply: `r.${n}`, trace: 'abc' })),
    );
  });

  it('hands the caller the error of a publish on a closed connection', async () => {
    const closing = await connect({ servers: NATS_URL });
    await closing.close();
    await expect(
      new TurnEndQueue().run(() => closing.publish('anything', codec.encode('late'))),
    ).rejects.toThrow();
  });
});
