import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { ClientProxy, NatsRecordBuilder } from '@nestjs/microservices';
import { headers as natsHeaders } from 'nats';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';

import { Actor } from '../auth/actor';
import { DocketException, fromWireError, isWireError } from '../errors/docket.exception';
import { createLogger } from '../logging/logger';
import { currentTraceId, newTraceId, TRACE_HEADER } from '../trace/trace-context';
import { injectTraceHeaders, inSpan, SpanKind } from '../tracing/otel-tracing';
import { Contract, subjectOf } from './contract';

export const NATS_CLIENT = Symbol('NATS_CLIENT');
export const RPC_TIMEOUT_MS = Symbol('RPC_TIMEOUT_MS');

const logger = createLogger('rpc-client');

/** The typed way to call another service: the contract fixes the subject and both types. */
@Injectable()
export class RpcClient implements OnApplicationShutdown {
  constructor(
    @Inject(NATS_CLIENT) private readonly proxy: ClientProxy,
    @Inject(RPC_TIMEOUT_MS) private readonly timeoutMs: number,
  ) {}

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

  private async send<Req extends object, Res>(
    contract: Contract<Req, Res>,
    data: Req,
    actor: Actor | null,
  ): Promise<Res> {
    const header = natsHeaders();
    header.set(TRACE_HEADER, currentTraceId() ?? newTraceId());
    injectTraceHeaders(header);
    const record = new NatsRecordBuilder({ actor, data }).setHeaders(header).build();
    try {
      const reply$ = this.proxy
        .send<Res>(subjectOf(contract), record)
        .pipe(timeout(this.timeoutMs));
      return await firstValueFrom(reply$);
    } catch (error) {
      if (isWireError(error)) throw fromWireError(error);
      if (error instanceof TimeoutError) {
        throw new DocketException(
          'SERVICE_UNAVAILABLE',
          `${contract.subject} did not answer in time`,
        );
      }
      logger.error({ err: error, subject: contract.subject }, 'service call failed');
      throw new DocketException('SERVICE_UNAVAILABLE', `${contract.subject} is not available`);
    }
  }

  async connect(): Promise<void> {
    await this.proxy.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.proxy.close();
  }
}
