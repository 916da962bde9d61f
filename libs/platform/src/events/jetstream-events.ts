import {
  AckPolicy,
  connect,
  ConsumerMessages,
  DeliverPolicy,
  ErrorCode,
  headers as natsHeaders,
  JetStreamClient,
  JetStreamManager,
  JsMsg,
  MsgHdrs,
  nanos,
  NatsConnection,
  PubAck,
  RetentionPolicy,
  StorageType,
} from 'nats';

import { DocketException } from '../errors/docket.exception';
import { createLogger } from '../logging/logger';
import { logConnectionChanges } from '../rpc/connection-log';
import { natsPrefix } from '../rpc/contract';
import { validateInto } from '../rpc/validate-request';
import { currentTraceId, newTraceId, runWithTrace, TRACE_HEADER } from '../trace/trace-context';
import {
  durableNameOf,
  EventDefinition,
  EventStreamConfig,
  eventStreamOf,
  eventSubjectOf,
} from './event-definition';
import { RedeliverLater } from './redeliver-later';

const logger = createLogger('jetstream');
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a NATS node dies, the streams and consumers it led have no leader until the survivors
 * elect one (about 2-8 s on the loaded 2-core machine). A publish meanwhile gets no answer
 * ("503" no responders, or a timeout), so it is tried again, with the same msgId (a repeat is
 * stored once), for up to PUBLISH_RETRY_MS; each try waits PUBLISH_ATTEMPT_MS for its ack
 * rather than the client's 15 s. Stream and consumer set-up waits the same way (a freshly
 * started cluster elects its meta leader first). Measured before: a node kill failed AI steps
 * whose bookkeeping publish got a 503 on each of its three attempts, and cost 15 s per publish
 * that timed out.
 */
const PUBLISH_ATTEMPT_MS = 5_000;
const PUBLISH_RETRY_MS = 30_000;

/**
 * A pull request lives at the consumer's leader. When that node dies, the request dies with it
 * and nothing tells the client: only the heartbeats it asked for stop. nats.js re-pulls after
 * two missed heartbeats, and by default asks for one every 15 s (half of a 30 s expiry): the
 * consumer then stalled 26-30 s after each node kill (jsz: messages pending, no pull waiting).
 * A heartbeat a second and a 5 s expiry notice a dead leader within about 3 s, for a few small
 * messages a second per consumer. `bind`: on a reconnect or missed heartbeats nats.js then pulls
 * again at once, instead of first asking for the consumer's info; while no leader is elected
 * that info request waits out the client's 15 s timeout and then a 0.5-1.5x expiry back-off
 * (measured: clients of the killed node pulled again 18 s after it died). The consumer exists:
 * `consume` made sure of it.
 */
const PULL_EXPIRES_MS = 5_000;
const PULL_HEARTBEAT_MS = 1_000;

export interface JetStreamEventsOptions {
  /** NATS URL(s), comma separated. */
  servers: string;
  /** Connection name shown by the server (the service name). */
  name: string;
  prefix?: string;
  /** How long the stream keeps events. Default 7 days. */
  maxAgeMs?: number;
  /** Window in which a repeated Nats-Msg-Id is dropped as a duplicate. Default 10 minutes. */
  duplicateWindowMs?: number;
  /** Stream replicas (1 locally, 3 on a cluster). Default 1. */
  replicas?: number;
}

export interface PublishResult {
  sequence: number;
  /** True when the stream had already stored this msgId: nothing new was published. */
  duplicate: boolean;
}

export interface Delivery {
  /** The Nats-Msg-Id the publisher set: the natural key for an idempotent consumer. */
  msgId: string | undefined;
  /** 1 on the first delivery. */
  deliveryCount: number;
  streamSequence: number;
  traceId: string;
}

export interface ConsumeOptions<T extends object> {
  /** Durable consumer name; replicas using the same name share the work. */
  durable: string;
  handle: (event: T, delivery: Delivery) => Promise<void>;
  /** Messages handled at once by this process. Default 1. */
  concurrency?: number;
  /** Deliveries before a failing message is terminated (and logged). Default 10. */
  maxDeliver?: number;
  /** Time a handler has before the server redelivers; extended while the handler runs. */
  ackWaitMs?: number;
  /** `all` (default) also delivers events stored before the consumer first existed. */
  deliverPolicy?: 'all' | 'new';
  /** The server deletes the consumer after this long without a subscriber (tests, tools). */
  inactiveThresholdMs?: number;
}

export interface Subscription {
  stop(): Promise<void>;
}

/**
 * JetStream for Docket events: durable streams, publishing de-duplicated by `Nats-Msg-Id`, and
 * durable pull consumers with explicit acknowledgement. See ./index.ts for the API in one place.
 */
export class JetStreamEvents {
  private readonly ensuredStreams = new Map<string, Promise<void>>();
  private readonly subscriptions = new Set<Subscription>();

  private constructor(
    private readonly connection: NatsConnection,
    private readonly manager: JetStreamManager,
    private readonly client: JetStreamClient,
    private readonly options: Required<Omit<JetStreamEventsOptions, 'servers' | 'name'>>,
  ) {}

  static async connect(options: JetStreamEventsOptions): Promise<JetStreamEvents> {
    const connection = await connect({
      servers: options.servers.split(','),
      name: `${options.name}-events`,
    });
    logConnectionChanges(connection, `${options.name}-events`);
    // Stream and consumer operations on a replicated stream wait for a raft round on the cluster;
    // the client's 5 s default failed service start-ups on a loaded three-node cluster.
    const timeout = 15_000;
    const manager = await connection.jetstreamManager({ timeout });
    return new JetStreamEvents(connection, manager, connection.jetstream({ timeout }), {
      prefix: options.prefix ?? natsPrefix(),
      maxAgeMs: options.maxAgeMs ?? 7 * DAY_MS,
      duplicateWindowMs: options.duplicateWindowMs ?? 10 * 60 * 1000,
      replicas: options.replicas ?? 1,
    });
  }

  /** Publishes a validated payload; the same msgId within the duplicate window is stored once. */
  async publish<T extends object>(
    event: EventDefinition<T>,
    payload: T,
    options: { msgId: string },
  ): Promise<PublishResult> {
    await validateInto(event.payload, payload);
    return this.publishRaw(event.subject, payload, options.msgId);
  }

  /**
   * For an outbox relay: the subject (unprefixed, e.g. `files.file.ready.v1`), the payload as it
   * was stored with the row, and the row's msgId.
   */
  async publishRaw(subject: string, payload: unknown, msgId: string): Promise<PublishResult> {
    const owner = subject.split('.')[0];
    await this.ensureStream(eventStreamOf(owner, this.options.prefix));
    const header = natsHeaders();
    header.set(TRACE_HEADER, currentTraceId() ?? newTraceId());
    const ack = await this.publishThroughElection(
      eventSubjectOf({ subject }, this.options.prefix),
      new TextEncoder().encode(JSON.stringify(payload)),
      { msgID: msgId, headers: header, timeout: PUBLISH_ATTEMPT_MS },
    );
    return { sequence: ack.seq, duplicate: ack.duplicate };
  }

  /** Publishes, and again while the stream has no leader (see PUBLISH_RETRY_MS). */
  private publishThroughElection(
    subject: string,
    data: Uint8Array,
    options: { msgID: string; headers: MsgHdrs; timeout: number },
  ): Promise<PubAck> {
    return throughElection(subject, () => this.client.publish(subject, data, options));
  }

  /**
   * Starts a durable pull consumer for one event. A handler that resolves acks the message; one
   * that throws is redelivered with a growing delay (a `RedeliverLater` after its own delay),
   * until `maxDeliver`, then terminated. A
   * payload that fails validation is terminated at once: redelivering it cannot help.
   */
  async consume<T extends object>(
    event: EventDefinition<T>,
    options: ConsumeOptions<T>,
  ): Promise<Subscription> {
    const stream = eventStreamOf(event.owner, this.options.prefix);
    await this.ensureStream(stream);
    const durable = durableNameOf(options.durable);
    const ackWaitMs = options.ackWaitMs ?? 30_000;
    const maxDeliver = options.maxDeliver ?? 10;
    await throughElection(durable, () =>
      this.ensureConsumer(stream.name, durable, {
        filterSubject: eventSubjectOf(event, this.options.prefix),
        ackWaitMs,
        maxDeliver,
        deliverPolicy: options.deliverPolicy ?? 'all',
        inactiveThresholdMs: options.inactiveThresholdMs,
      }),
    );
    const consumer = await throughElection(durable, () =>
      this.client.consumers.get(stream.name, durable),
    );
    const concurrency = Math.max(1, options.concurrency ?? 1);
    const messages = await consumer.consume({
      max_messages: concurrency,
      expires: PULL_EXPIRES_MS,
      idle_heartbeat: PULL_HEARTBEAT_MS,
      bind: true,
    });
    void logConsumerStatus(durable, messages);
    const inFlight = new Set<Promise<void>>();
    const loop = (async () => {
      for await (const message of messages) {
        const task = this.deliver(event, message, options.handle, { ackWaitMs, maxDeliver });
        inFlight.add(task);
        void task.finally(() => inFlight.delete(task));
        // consume() hands over at most max_messages before acks, but a slow ack must not let
        // this loop run ahead of the concurrency bound.
        while (inFlight.size >= concurrency) await Promise.race(inFlight);
      }
    })();
    const subscription: Subscription = {
      stop: async () => {
        this.subscriptions.delete(subscription);
        await messages.close();
        await loop.catch(() => undefined);
        await Promise.allSettled([...inFlight]);
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.subscriptions].map((s) => s.stop()));
    if (!this.connection.isClosed()) await this.connection.drain();
  }

  isConnected(): boolean {
    return !this.connection.isClosed();
  }

  private async deliver<T extends object>(
    event: EventDefinition<T>,
    message: JsMsg,
    handle: ConsumeOptions<T>['handle'],
    limits: { ackWaitMs: number; maxDeliver: number },
  ): Promise<void> {
    const traceId = message.headers?.get(TRACE_HEADER) || newTraceId();
    const delivery: Delivery = {
      msgId: message.headers?.get('Nats-Msg-Id') || undefined,
      deliveryCount: message.info.deliveryCount,
      streamSequence: message.seq,
      traceId,
    };
    await runWithTrace(traceId, async () => {
      let payload: T;
      try {
        payload = await validateInto(event.payload, JSON.parse(message.string()));
      } catch (error) {
        logger.error({ err: describe(error), subject: event.subject, ...delivery }, 'poison event');
        message.term('payload does not match the event contract');
        return;
      }
      // Tell the server the handler is alive so a long handler is not redelivered meanwhile.
      const keepAlive = setInterval(() => message.working(), Math.max(1000, limits.ackWaitMs / 2));
      try {
        await handle(payload, delivery);
        message.ack();
      } catch (error) {
        if (delivery.deliveryCount >= limits.maxDeliver) {
          logger.error(
            { err: describe(error), subject: event.subject, ...delivery },
            'event handler failed on its last delivery; event terminated',
          );
          message.term('handler failed on every delivery');
        } else if (error instanceof RedeliverLater) {
          logger.debug({ reason: error.message, subject: event.subject, ...delivery }, 'not yet');
          message.nak(error.delayMs);
        } else {
          logger.warn({ err: describe(error), subject: event.subject, ...delivery }, 'retrying');
          message.nak(Math.min(60_000, 1000 * 2 ** (delivery.deliveryCount - 1)));
        }
      } finally {
        clearInterval(keepAlive);
      }
    });
  }

  private ensureStream(stream: EventStreamConfig): Promise<void> {
    let pending = this.ensuredStreams.get(stream.name);
    if (!pending) {
      // A cluster just started has no JetStream meta leader for its first seconds: a service
      // started with it waits for the election instead of exiting on the API's timeout.
      pending = throughElection(stream.name, () => this.createOrUpdateStream(stream)).catch(
        (error: unknown) => {
          this.ensuredStreams.delete(stream.name);
          throw error;
        },
      );
      this.ensuredStreams.set(stream.name, pending);
    }
    return pending;
  }

  /** Publisher and consumers derive the same config, so whichever starts first creates it. */
  private async createOrUpdateStream(stream: EventStreamConfig): Promise<void> {
    const config = {
      name: stream.name,
      subjects: stream.subjects,
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      max_age: nanos(this.options.maxAgeMs),
      duplicate_window: nanos(this.options.duplicateWindowMs),
      num_replicas: this.options.replicas,
    };
    try {
      await this.manager.streams.info(stream.name);
      await this.manager.streams.update(stream.name, config);
    } catch (error) {
      if (!isNotFound(error)) throw error;
      try {
        await this.manager.streams.add(config);
      } catch (addError) {
        // Another process created it between our two calls.
        if (!String(addError).includes('already in use')) throw addError;
      }
    }
  }

  private async ensureConsumer(
    stream: string,
    durable: string,
    options: {
      filterSubject: string;
      ackWaitMs: number;
      maxDeliver: number;
      deliverPolicy: 'all' | 'new';
      inactiveThresholdMs?: number;
    },
  ): Promise<void> {
    const config = {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      filter_subject: options.filterSubject,
      ack_wait: nanos(options.ackWaitMs),
      max_deliver: options.maxDeliver,
      deliver_policy: options.deliverPolicy === 'new' ? DeliverPolicy.New : DeliverPolicy.All,
      ...(options.inactiveThresholdMs === undefined
        ? {}
        : { inactive_threshold: nanos(options.inactiveThresholdMs) }),
    };
    try {
      await this.manager.consumers.info(stream, durable);
      await this.manager.consumers.update(stream, durable, {
        ack_wait: config.ack_wait,
        max_deliver: config.max_deliver,
        filter_subject: config.filter_subject,
      });
    } catch (error) {
      if (!isNotFound(error)) throw error;
      await this.manager.consumers.add(stream, config);
    }
  }
}

/**
 * What the pull loop noticed (missed heartbeats, a leadership change), logged. Missed heartbeats
 * are reported every second while they last (2, 3, ...): the first of a run is logged.
 */
async function logConsumerStatus(durable: string, messages: ConsumerMessages): Promise<void> {
  for await (const status of await messages.status()) {
    if (status.type === 'next' || status.type === 'discard') continue;
    if (status.type === 'heartbeats_missed' && status.data !== 2) continue;
    logger.warn({ durable, status: status.type, data: status.data }, 'consumer status');
  }
}

/** No stream leader answered: none is elected yet, or the request went to the dead one. */
/**
 * Runs a JetStream call, and again while the stream (or the cluster's meta leader) has no leader,
 * for up to PUBLISH_RETRY_MS, backing off to 2 s between tries.
 */
async function throughElection<T>(what: string, call: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + PUBLISH_RETRY_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!isLeaderless(error) || Date.now() >= deadline) throw error;
      logger.debug({ what, attempt, err: String(error) }, 'JetStream without a leader; again');
      await new Promise((resolve) => setTimeout(resolve, Math.min(2_000, 100 * 2 ** attempt)));
    }
  }
}

function isLeaderless(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return (
    code === ErrorCode.NoResponders ||
    code === ErrorCode.Timeout ||
    /temporarily unavailable/i.test(message ?? '')
  );
}

function isNotFound(error: unknown): boolean {
  return /not found/i.test(String((error as { message?: string })?.message ?? error));
}

function describe(error: unknown): unknown {
  return error instanceof DocketException ? error.toWire() : error;
}
