import 'reflect-metadata';

import { Controller, Module } from '@nestjs/common';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

import { BaseConfig } from '../../config/base.config';
import { DocketException } from '../../errors/docket.exception';
import { bootstrapService } from '../../http/bootstrap-service';
import { HealthModule } from '../../http/health.module';
import { currentTraceId } from '../../trace/trace-context';
import { defineContract } from '../contract';
import { CallContext, RpcHandler } from '../rpc-handler.decorator';

/**
 * A service with one handler per outcome, for the transport's integration test
 * (rpc-transport.int-spec.ts), which runs it as its own process exactly as services start:
 *   node -r @swc-node/register libs/platform/src/rpc/testing/rpc-probe.fixture.ts
 */
export class ProbeRequest {
  @IsString()
  text!: string;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(10_000)
  waitMs?: number;
}

export interface ProbeAnswer {
  text: string;
  /** The trace id the handler was given, and the one its async context carries. */
  callTraceId: string;
  contextTraceId: string | null;
  pid: number;
}

export const ProbeEchoV1 = defineContract<ProbeRequest, ProbeAnswer>(
  'probe.message.echo.v1',
  ProbeRequest,
);
export const ProbeLockedV1 = defineContract<ProbeRequest, never>(
  'probe.message.locked.v1',
  ProbeRequest,
);
export const ProbeBrokenV1 = defineContract<ProbeRequest, never>(
  'probe.message.broken.v1',
  ProbeRequest,
);
export const ProbeCircularV1 = defineContract<ProbeRequest, unknown>(
  'probe.message.circular.v1',
  ProbeRequest,
);

/** What the broken handler throws: its text must never reach a caller. */
export const PROBE_SECRET = 'password=hunter2 at probe.ts:12';

@Controller()
export class ProbeHandler {
  @RpcHandler(ProbeEchoV1)
  async echo(request: ProbeRequest, call: CallContext): Promise<ProbeAnswer> {
    if (!(request instanceof ProbeRequest)) throw new Error('request was not validated');
    if (request.waitMs) await new Promise((resolve) => setTimeout(resolve, request.waitMs));
    return {
      text: request.text,
      callTraceId: call.traceId,
      contextTraceId: currentTraceId() ?? null,
      pid: process.pid,
    };
  }

  @RpcHandler(ProbeLockedV1)
  locked(request: ProbeRequest): never {
    throw new DocketException('LOCKED', `${request.text} is held`, { holder: 'someone' });
  }

  @RpcHandler(ProbeBrokenV1)
  async broken(): Promise<never> {
    await Promise.resolve();
    throw new Error(PROBE_SECRET);
  }

  @RpcHandler(ProbeCircularV1)
  circular(): unknown {
    const answer: Record<string, unknown> = {};
    answer.self = answer;
    return answer;
  }
}

@Module({ imports: [HealthModule], controllers: [ProbeHandler] })
export class ProbeModule {}

if (require.main === module) {
  const config = new BaseConfig();
  config.natsUrl = process.env.NATS_URL ?? config.natsUrl;
  config.natsPrefix = process.env.DOCKET_NATS_PREFIX ?? config.natsPrefix;
  void bootstrapService('rpc-probe', ProbeModule, config);
}
