import {
  ExecutionRef,
  RerunExecutionV1,
  RunFlowRequest,
  RunFlowV1,
  RunStarted,
  ScheduledRunStarted,
  StartScheduledRunRequest,
  StartScheduledRunV1,
} from '@docket/contracts';
import { actorOf, CallContext, DocketException, RpcHandler } from '@docket/platform';
import { Controller } from '@nestjs/common';

import { RunsService } from './runs.service';

@Controller()
export class RunsHandler {
  constructor(private readonly runs: RunsService) {}

  @RpcHandler(RunFlowV1)
  run(request: RunFlowRequest, call: CallContext): Promise<RunStarted> {
    return this.runs.run(actorOf(call), request);
  }

  @RpcHandler(RerunExecutionV1)
  rerun(request: ExecutionRef, call: CallContext): Promise<RunStarted> {
    return this.runs.rerun(actorOf(call), request.executionId);
  }

  /** Worker-only (schedule ticks). */
  @RpcHandler(StartScheduledRunV1)
  startScheduled(
    request: StartScheduledRunRequest,
    call: CallContext,
  ): Promise<ScheduledRunStarted> {
    if (call.actor) throw DocketException.denied('Scheduled runs are started by the worker only');
    return this.runs.startScheduled(request);
  }
}
