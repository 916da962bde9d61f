import {
  CancelExecutionV1,
  CancelRequested,
  ExecutionDetailRecord,
  ExecutionPage,
  ExecutionRef,
  GetExecutionV1,
  ListExecutionsRequest,
  ListExecutionStepsV1,
  ListExecutionsV1,
  ListStepsRequest,
  StepPage,
} from '@docket/contracts';
import { actorOf, CallContext, RpcHandler } from '@docket/platform';
import { Controller } from '@nestjs/common';

import { ExecutionsService } from './executions.service';

@Controller()
export class ExecutionsHandler {
  constructor(private readonly executions: ExecutionsService) {}

  @RpcHandler(ListExecutionsV1)
  list(request: ListExecutionsRequest, call: CallContext): Promise<ExecutionPage> {
    return this.executions.list(actorOf(call), request);
  }

  @RpcHandler(GetExecutionV1)
  get(request: ExecutionRef, call: CallContext): Promise<ExecutionDetailRecord> {
    return this.executions.get(actorOf(call), request.executionId);
  }

  @RpcHandler(ListExecutionStepsV1)
  steps(request: ListStepsRequest, call: CallContext): Promise<StepPage> {
    return this.executions.steps(actorOf(call), request.executionId, request.page, request.limit);
  }

  @RpcHandler(CancelExecutionV1)
  cancel(request: ExecutionRef, call: CallContext): Promise<CancelRequested> {
    return this.executions.cancel(actorOf(call), request.executionId);
  }
}
