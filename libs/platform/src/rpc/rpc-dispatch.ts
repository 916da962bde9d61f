import { MetadataScanner, ModulesContainer } from '@nestjs/core';
import { SpanStatusCode } from '@opentelemetry/api';

import { DocketException, toWireError, WireError } from '../errors/docket.exception';
import { createLogger } from '../logging/logger';
import { rpcDuration, rpcRequests } from '../metrics/metrics';
import { newTraceId, runWithTrace, TRACE_HEADER } from '../trace/trace-context';
import { contextFromHeaders, HeaderCarrier, inSpan, SpanKind } from '../tracing/otel-tracing';
import { Contract, RpcEnvelope, subjectOf } from './contract';
import { rpcContractOf, RpcMethod } from './rpc-handler.decorator';
import { validateInto } from './validate-request';

/** One `@RpcHandler` method bound to its controller instance. */
export interface BoundRpcHandler {
  /** The subject it answers on, with this process's prefix. */
  readonly subject: string;
  readonly contract: Contract<object, unknown>;
  readonly invoke: RpcMethod;
}

/** What a handler's answer looks like on the wire (the packet format of Nest's NATS server). */
export interface RpcReplyPacket {
  response?: unknown;
  err?: WireError;
}

const logger = createLogger('rpc');

/**
 * Every `@RpcHandler` method of the application's controllers, bound to its instance. Handlers
 * must be singletons: a request-scoped controller would need a new instance per message, which
 * the direct dispatch does not build, so such a controller stops the process at start-up.
 */
export function discoverRpcHandlers(modules: ModulesContainer): BoundRpcHandler[] {
  const scanner = new MetadataScanner();
  const handlers = new Map<string, BoundRpcHandler>();
  for (const module of modules.values()) {
    for (const wrapper of module.controllers.values()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance) continue;
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const name of scanner.getAllMethodNames(prototype)) {
        const method = instance[name];
        const contract = rpcContractOf(method);
        if (!contract) continue;
        if (!wrapper.isDependencyTreeStatic()) {
          throw new Error(`${wrapper.name}.${name}: RPC handlers must be singleton controllers`);
        }
        const subject = subjectOf(contract);
        if (handlers.has(subject)) throw new Error(`two handlers for ${subject}`);
        handlers.set(subject, {
          subject,
          contract,
          invoke: (method as RpcMethod).bind(instance),
        });
      }
    }
  }
  return [...handlers.values()];
}

/**
 * Runs one call from the bytes of its message to the bytes of its answer: the trace id from the
 * caller's header (or a new one) on every log line, an OpenTelemetry server span continuing the
 * caller's, the request validated into its class (unknown properties refused), then the
 * handler. Never throws: a DocketException becomes its wire error; anything else, a response
 * that cannot be serialised included, becomes INTERNAL and is logged here with the trace id.
 * Metrics and a `handled` log line for every call.
 */
export function dispatchRpc(
  handler: BoundRpcHandler,
  message: Uint8Array,
  headers?: HeaderCarrier,
): Promise<Buffer> {
  const subject = handler.contract.subject;
  const traceId = headers?.get(TRACE_HEADER) || newTraceId();
  const parent = contextFromHeaders(headers);
  return runWithTrace(traceId, () =>
    inSpan(
      `rpc ${subject}`,
      SpanKind.SERVER,
      { 'rpc.system': 'nats', 'rpc.method': subject },
      async (span) => {
        const started = process.hrtime.bigint();
        let code = 'OK';
        const packet = readPacket(message);
        try {
          const envelope = readEnvelope(packet);
          const request = await validateInto(handler.contract.request, envelope.data);
          const result = await handler.invoke(request, { actor: envelope.actor, traceId });
          return encodeReply({ response: result ?? null }, packet.id);
        } catch (error) {
          const wire = toWireError(error);
          code = wire.code;
          if (wire.code === 'INTERNAL') logger.error({ err: error, subject }, 'handler failed');
          span.setStatus({ code: SpanStatusCode.ERROR, message: wire.code });
          return encodeReply({ err: wire }, packet.id);
        } finally {
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          rpcRequests.inc({ subject, code });
          rpcDuration.observe({ subject, code }, ms / 1000);
          logger.info({ subject, ms: Math.round(ms * 100) / 100 }, 'handled');
        }
      },
      parent,
    ),
  );
}

/** What a caller sends: Nest's NATS packet, which `RpcClient` speaks. */
interface RequestPacket {
  id?: unknown;
  data?: unknown;
  /** Not JSON at all. */
  malformed?: true;
}

/**
 * `{id, data}` as Nest's deserializer reads it: a message that is not a packet (neither `data`
 * nor `pattern`) is itself the data.
 */
function readPacket(bytes: Uint8Array): RequestPacket {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString());
  } catch {
    return { malformed: true };
  }
  if (
    typeof decoded === 'object' &&
    decoded !== null &&
    ('data' in decoded || 'pattern' in decoded)
  ) {
    return decoded as RequestPacket;
  }
  return { data: decoded };
}

function readEnvelope(packet: RequestPacket): RpcEnvelope {
  const payload = packet.data;
  if (packet.malformed || typeof payload !== 'object' || payload === null || !('data' in payload)) {
    throw DocketException.invalid('Malformed service message');
  }
  const envelope = payload as RpcEnvelope;
  return { actor: envelope.actor ?? null, data: envelope.data };
}

/** The answer in Nest's packet format (`RpcClient` reads `response` or `err`). */
function encodeReply(reply: RpcReplyPacket, id: unknown): Buffer {
  return Buffer.from(JSON.stringify({ ...reply, isDisposed: true, id }));
}
