import { randomUUID } from 'node:crypto';

import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import {
  connect,
  ErrorCode as NatsErrorCode,
  headers as natsHeaders,
  JSONCodec,
  NatsConnection,
  NatsError,
} from 'nats';

import { Actor } from '../auth/actor';
import { DocketException, fromWireError, isWireError } from '../errors/docket.exception';
import { createLogger } from '../logging/logger';
import { currentTraceId, newTraceId, TRACE_HEADER } from '../trace/trace-context';
import { injectTraceHeaders, inSpan, SpanKind } from '../tracing/otel-tracing';
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
 * Requests go through the connection's shared reply inbox (one subscription for all calls)
 * rather than an inbox per request, and speak the packet format of Nest's NATS server.
 */
@Injectable()
export class RpcClient implements OnApplicationShutdown {
  constructor(
    @Inject(NATS_CONNECTION) private readonly connection: NatsConnection,
    @Inject(RPC_TIMEOUT_MS) private readonly timeoutMs: number,
  ) {}

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
    const payload = codec.encode({ pattern: subject, data: { actor, data }, id: randomUUID() });
    let packet: ReplyPacket;
    try {
      const reply = await this.connection.request(subject, payload, {
        timeout: this.timeoutMs,
        headers: header,
      });
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
export function connectForRpc(servers: string[], name?: string): Promise<NatsConnection> {
  return connect({ servers, name, noAsyncTraces: true });
}

function unavailable(subject: string, error: unknown): DocketException {
  if (error instanceof NatsError && error.code === NatsErrorCode.Timeout) {
    return new DocketException('SERVICE_UNAVAILABLE', `${subject} did not answer in time`);
  }
  if (!(error instanceof NatsError && error.code === NatsErrorCode.NoResponders)) {
    logger.error({ err: error, subject }, 'service call failed');
  }
  return new DocketException('SERVICE_UNAVAILABLE', `${subject} is not available`);
}
