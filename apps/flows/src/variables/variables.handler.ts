import {
  CreateVariableRequest,
  CreateVariableV1,
  DeleteVariableV1,
  ListVariablesRequest,
  ListVariablesV1,
  ResolveRunVariablesRequest,
  ResolveRunVariablesResponse,
  ResolveRunVariablesV1,
  RevealedVariable,
  RevealVariableRequest,
  RevealVariableV1,
  UpdateVariableRequest,
  UpdateVariableV1,
  VariablePage,
  VariableRecord,
  VariableRef,
} from '@docket/contracts';
import { actorOf, CallContext, DocketException, RpcHandler } from '@docket/platform';
import { Controller } from '@nestjs/common';

import { VariablesService } from './variables.service';

@Controller()
export class VariablesHandler {
  constructor(private readonly variables: VariablesService) {}

  @RpcHandler(CreateVariableV1)
  create(request: CreateVariableRequest, call: CallContext): Promise<VariableRecord> {
    return this.variables.create(actorOf(call), request);
  }

  @RpcHandler(ListVariablesV1)
  list(request: ListVariablesRequest, call: CallContext): Promise<VariablePage> {
    return this.variables.list(actorOf(call), request);
  }

  @RpcHandler(UpdateVariableV1)
  update(request: UpdateVariableRequest, call: CallContext): Promise<VariableRecord> {
    return this.variables.update(actorOf(call), request);
  }

  @RpcHandler(DeleteVariableV1)
  delete(request: VariableRef, call: CallContext): Promise<{ variableId: string }> {
    return this.variables.delete(actorOf(call), request.variableId);
  }

  @RpcHandler(RevealVariableV1)
  reveal(request: RevealVariableRequest, call: CallContext): Promise<RevealedVariable> {
    return this.variables.reveal(actorOf(call), request.variableId, request.reason);
  }

  /** Worker-only: runs act for the system, so a call carrying a user is refused. */
  @RpcHandler(ResolveRunVariablesV1)
  resolve(
    request: ResolveRunVariablesRequest,
    call: CallContext,
  ): Promise<ResolveRunVariablesResponse> {
    if (call.actor) throw DocketException.denied('Run variables are resolved by the worker only');
    return this.variables.resolveForRun(request);
  }
}
