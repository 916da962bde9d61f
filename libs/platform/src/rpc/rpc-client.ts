import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import {
  connect,
  createInbox,
  headers as natsHeaders,
  JSONCodec,
  Msg,
  MsgHdrs,
  NatsConnection,
} from 'nats';

import { Actor } from '../auth/actor';
import { TurnEndQueue } from '../batching/turn-end-queue';
import { DocketException, fromWireError, isWireError } from '../errors/docket.exception';
import { createLogger } from '../logging/logger';
import { currentTraceId, newTraceId, TRACE_HEADER } from '../trace/trace-context';
import { injectTraceHeaders, inSpan, SpanKind } from '../tracing/otel-tracing';
import { logConnectionChanges } from './connection-log';
import { Contract, subjectOf } from './contract';

export const NATS_CONNECTION = Symbol('NATS_CONNECTION');
export const RPC_TIMEOUT_MS = Symbol('RPC_TIMEOUT_MS');

const logger = createLogger('rpc-client');
const codec = JSONCodec<unknown>();

/** Nest's NATS transport packet: what its handlers expect and what they reply. */
interface ReplyPacket {
  response?: unknown;
  err?: unknown;
}

/**
 * The typed way to call another service: the contract fixes the subject and both types.
 * Replies come back on one inbox subscription of this client (`ReplyInbox`), not an inbox per
 * request, and calls speak the packet format of Nest's NATS server (`DrainingNatsServer`).
 */
@Injectable()
export class RpcClient implements OnApplicationShutdown {
  private readonly replies: ReplyInbox;

  constructor(
    @Inject(NATS_CONNECTION) private readonly connection: NatsConnection,
    @Inject(RPC_TIMEOUT_MS) private readonly timeoutMs: number,
  ) {
    this.replies = new ReplyInbox(connection);
  }

  static async connect(servers: string[], timeoutMs: number, name?: string): Promise<RpcClient> {
    return new RpcClient(await connectForRpc(servers, name), timeoutMs);
  }

  call<Req extends object, Res>(
    contract: Contract<Req, Res>,
    data: Req,
    actor: Actor | null,
  ): Promise<Res> {
    const attributes = { 'rpc.system': 'nats', 'rpc.method': contract.subject };
    return inSpan(`rpc ${contract.subject}`, SpanKind.CLIENT, attributes, () =>
      this.send(contract, data, actor),
    );
  }

  /** Fire-and-forget broadcast on core NATS (no reply, no delivery guarantee). */
  broadcast(subject: string, data: unknown): void {
    this.connection.publish(subjectOf({ subject }), codec.encode({ pattern: subject, data }));
  }

  private async send<Req extends object, Res>(
    contract: Contract<Req, Res>,
    data: Req,
    actor: Actor | null,
  ): Promise<Res> {
    const header = natsHeaders();
    header.set(TRACE_HEADER, currentTraceId() ?? newTraceId());
    injectTraceHeaders(header);
    const subject = subjectOf(contract);
    const token = this.replies.token();
    const payload = codec.encode({ pattern: subject, data: { actor, data }, id: token });
    let packet: ReplyPacket;
    try {
      const reply = await this.replies.request(token, subject, payload, header, this.timeoutMs);
      packet = codec.decode(reply.data) as ReplyPacket;
    } catch (error) {
      throw unavailable(contract.subject, error);
    }
    if (packet.err !== undefined && packet.err !== null) {
      if (isWireError(packet.err)) throw fromWireError(packet.err);
      logger.error(
        { err: packet.err, subject: contract.subject },
        'service replied an unknown error',
      );
      throw new DocketException('INTERNAL', 'Internal error');
    }
    return packet.response as Res;
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.connection.isClosed()) await this.connection.drain();
  }
}

/**
 * The NATS connection service calls travel on. `noAsyncTraces`: nats.js otherwise builds an
 * Error per request only to decorate a timeout's stack, a measurable share of every gateway
 * request (docs/benchmarks.md); our timeouts are reported with the contract's subject instead.
 */
export async function connectForRpc(servers: string[], name?: string): Promise<NatsConnection> {
  const connection = await connect({ servers, name, noAsyncTraces: true });
  logConnectionChanges(connection, name ?? 'rpc');
  return connection;
}

/** A call that got no answer for one of the expected reasons (not logged as a failure). */
class NoAnswer extends Error {
  constructor(readonly reason: 'timeout' | 'no responders') {
    super(reason);
  }
}

function unavailable(subject: string, error: unknown): DocketException {
  if (error instanceof NoAnswer && error.reason === 'timeout') {
    return new DocketException('SERVICE_UNAVAILABLE', `${subject} did not answer in time`);
  }
  if (!(error instanceof NoAnswer)) logger.error({ err: error, subject }, 'service call failed');
  return new DocketException('SERVICE_UNAVAILABLE', `${subject} is not available`);
}

interface PendingCall {
  resolve(reply: Msg): void;
  reject(reason: unknown): void;
  timer: NodeJS.Timeout;
}

/**
 * One reply subscription (`<inbox>.*`) for every call of a client, matched to its call by the
 * last token of the reply subject. nats.js's own muxed `request()` does the same, but settles
 * each answered request by also rejecting it with a freshly built `NatsError` (stack trace
 * included) that nobody sees: 1.4 % of the gateway's busy time in the issue-14 profile.
 */
class ReplyInbox {
  private readonly prefix: string;
  private readonly pending = new Map<string, PendingCall>();
  /** Calls made in one turn leave in one socket write (TurnEndQueue). */
  private readonly turnEnd = new TurnEndQueue();
  private counter = 0;

  constructor(private readonly connection: NatsConnection) {
    this.prefix = `${createInbox()}.`;
    connection.subscribe(`${this.prefix}*`, {
      callback: (error, reply) => {
        if (error) this.failAll(error);
        else this.settle(reply);
      },
    });
    // A closed connection answers nothing more: its calls fail now, not at their timeouts.
    void connection
      .closed()
      .then((error) => this.failAll(error ?? new Error('the NATS connection is closed')));
  }

  /** A reply token of this inbox, also sent as the packet id. */
  token(): string {
    this.counter = (this.counter + 1) % Number.MAX_SAFE_INTEGER;
    return this.counter.toString(36);
  }

  request(
    token: string,
    subject: string,
    payload: Uint8Array,
    headers: MsgHdrs,
    timeoutMs: number,
  ): Promise<Msg> {
    return new Promise<Msg>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(token);
        reject(new NoAnswer('timeout'));
      }, timeoutMs);
      this.pending.set(token, { resolve, reject, timer });
      this.turnEnd
        .run(() =>
          this.connection.publish(subject, payload, { reply: this.prefix + token, headers }),
        )
        .catch((error: unknown) => {
          clearTimeout(timer);
          this.pending.delete(token);
          reject(error);
        });
    });
  }

  private settle(reply: Msg): void {
    const token = reply.subject.slice(this.prefix.length);
    const call = this.pending.get(token);
    if (!call) return; // answered after its timeout, or a second answer: nobody waits for it
    this.pending.delete(token);
    clearTimeout(call.timer);
    // NATS says "no responders" with an empty 503 status message.
    if (reply.data.length === 0 && reply.headers?.code === 503)
      call.reject(new NoAnswer('no responders'));
    else call.resolve(reply);
  }

  private failAll(reason: unknown): void {
    for (const call of this.pending.values()) {
      clearTimeout(call.timer);
      call.reject(reason);
    }
    this.pending.clear();
  }
}
