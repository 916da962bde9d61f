/**
 * Docket events on NATS JetStream (DESIGN.md §1): durable, explicit ack, `Nats-Msg-Id`
 * de-duplication, idempotent consumers, and an outbox relay for events that must not be lost.
 *
 * Declaring an event (libs/contracts, next to the RPC contracts of the owning service):
 *
 *   export class FileReadyEvent { @IsUUID('4') fileId!: string; ... }            // class-validator
 *   export const FileReadyEventV1 = defineEvent('files.file.ready.v1', FileReadyEvent);
 *
 * Wire layout, all derived from DOCKET_NATS_PREFIX (`prefix`) so stacks sharing a server never
 * collide:
 *   - subject  `<prefix>.events.<subject>`           e.g. `docket.events.files.file.ready.v1`
 *   - stream   `<prefix>-events-<owner>` capturing `<prefix>.events.<owner>.>` (owner = the
 *     subject's first segment), file storage, 7 days, 10-minute duplicate window. Publishers and
 *     consumers create or update it on first use with the same config, so start order is free.
 *   - headers  `Nats-Msg-Id` (de-duplication key) and `x-service-trace-id` (trace id).
 *   - body     the payload as JSON.
 *
 * Connecting (one per process; close it on shutdown):
 *
 *   const events = await JetStreamEvents.connect({ servers: config.natsUrl, name: 'flows',
 *     prefix: config.natsPrefix });
 *   await events.close();
 *
 * Publishing directly (the payload is validated against the event class first):
 *
 *   await events.publish(FileReadyEventV1, payload, { msgId: `file-ready:${fileId}` });
 *   // -> { sequence, duplicate }; the same msgId within the window is stored once.
 *
 * Publishing through an outbox (write the row in the transaction that changes the state; the
 * relay publishes it afterwards, at least once, with the row's msgId):
 *
 *   const relay = new OutboxRelay(store, events, { intervalMs: 1000 });  // store: OutboxStore
 *   relay.start(); relay.poke() after a commit; await relay.stop() on shutdown.
 *
 * Consuming (durable pull consumer, explicit ack; replicas with the same `durable` share work):
 *
 *   const subscription = await events.consume(FileReadyEventV1, {
 *     durable: 'flows-file-ready',
 *     concurrency: 4,        // handlers in flight in this process (default 1)
 *     maxDeliver: 10,        // then the message is terminated and logged (default 10)
 *     ackWaitMs: 30_000,     // kept alive with `working()` while the handler runs
 *     handle: async (event, delivery) => {
 *       // resolve = ack; throw = redelivery after 1 s, 2 s, 4 s ... (max 60 s);
 *       // throw new RedeliverLater(ms, why) = not yet: back after ms, quietly.
 *       // Be idempotent: the same event can arrive twice (delivery.msgId is a stable key,
 *       // delivery.deliveryCount starts at 1). The handler runs inside the publisher's trace id.
 *     },
 *   });
 *   await subscription.stop();
 *
 * A payload that does not validate against the event class is terminated at once (poison).
 */
export * from './event-definition';
export * from './jetstream-events';
export * from './outbox-relay';
export * from './redeliver-later';
