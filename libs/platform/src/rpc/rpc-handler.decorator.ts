import { Ctx, MessagePattern, NatsContext, Payload, RpcException } from '@nestjs/microservices';

import { Actor } from '../auth/actor';
import { DocketException, toWireError } from '../errors/docket.exception';
import { createLogger } from '../logging/logger';
import { rpcDuration, rpcRequests } from '../metrics/metrics';
import { newTraceId, runWithTrace, TRACE_HEADER } from '../trace/trace-context';
import { contextFromHeaders, inSpan, SpanKind } from '../tracing/otel-tracing';
import { Contract, RpcEnvelope, subjectOf } from './contract';
import { validateInto } from './validate-request';

/** What a handler learns about the call besides the request. */
export interface CallContext {
  actor: Actor | null;
  traceId: string;
}

const logger = createLogger('rpc');

/**
 * Declares a method as the handler of a contract. The method receives a validated request
 * instance and the call context; whatever it throws leaves the process as `{code, message,
 * details?}`, with unexpected errors logged here and reduced to INTERNAL.
 */
export function RpcHandler<Req extends object, Res>(contract: Contract<Req, Res>): MethodDecorator {
  return (target, key, descriptor: PropertyDescriptor) => {
    const handler = descriptor.value as (req: Req, call: CallContext) => Promise<Res>;
    descriptor.value = function (this: unknown, payload: unknown, nats?: NatsContext) {
      const headers = nats?.getHeaders?.();
      const traceId = headers?.get(TRACE_HEADER) || newTraceId();
      const parent = contextFromHeaders(headers);
      return runWithTrace(traceId, () =>
        inSpan(
          `rpc ${contract.subject}`,
          SpanKind.SERVER,
          { 'rpc.system': 'nats', 'rpc.method': contract.subject },
          async () => {
            const started = process.hrtime.bigint();
            let code = 'OK';
            try {
              const envelope = readEnvelope(payload);
              const request = await validateInto(contract.request, envelope.data);
              const result = await handler.call(this, request, { actor: envelope.actor, traceId });
              return result ?? null;
            } catch (error) {
              const wire = toWireError(error);
              code = wire.code;
              if (wire.code === 'INTERNAL') {
                logger.error({ err: error, subject: contract.subject }, 'handler failed');
              }
              throw new RpcException(wire);
            } finally {
              const ms = Number(process.hrtime.bigint() - started) / 1e6;
              rpcRequests.inc({ subject: contract.subject, code });
              rpcDuration.observe({ subject: contract.subject, code }, ms / 1000);
              logger.info({ subject: contract.subject, ms: Math.round(ms * 100) / 100 }, 'handled');
            }
          },
          parent,
        ),
      );
    };
    MessagePattern(subjectOf(contract))(target, key, descriptor);
    // Without explicit parameter metadata Nest passes only the payload, not the NATS context.
    Payload()(target, key, 0);
    Ctx()(target, key, 1);
    return descriptor;
  };
}

function readEnvelope(payload: unknown): RpcEnvelope {
  if (typeof payload !== 'object' || payload === null || !('data' in payload)) {
    throw DocketException.invalid('Malformed service message');
  }
  const envelope = payload as RpcEnvelope;
  return { actor: envelope.actor ?? null, data: envelope.data };
}

/** Handlers of caller-scoped contracts use this: a call without an actor is a programming error. */
export function actorOf(call: CallContext): Actor {
  if (!call.actor)
    throw DocketException.unauthenticated('This operation needs an authenticated caller');
  return call.actor;
}
