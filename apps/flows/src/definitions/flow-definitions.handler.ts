import {
  ActivateFlowRequest,
  ActivateFlowV1,
  CreateFlowRequest,
  CreateFlowV1,
  DeactivateFlowV1,
  FlowDetailRecord,
  FlowRecord,
  FlowRef,
  FlowVersionRecord,
  GetFlowV1,
  ListFlowsRequest,
  ListFlowsResponse,
  ListFlowsV1,
  ListFlowVersionsResponse,
  ListFlowVersionsV1,
  PublishFlowRequest,
  PublishFlowV1,
  SaveDraftRequest,
  SaveFlowDraftV1,
} from '@docket/contracts';
import { actorOf, CallContext, RpcHandler } from '@docket/platform';
import { Controller } from '@nestjs/common';

import { FlowDefinitionsService } from './flow-definitions.service';

@Controller()
export class FlowDefinitionsHandler {
  constructor(private readonly flows: FlowDefinitionsService) {}

  @RpcHandler(CreateFlowV1)
  create(request: CreateFlowRequest, call: CallContext): Promise<FlowDetailRecord> {
    return this.flows.create(actorOf(call), request);
  }

  @RpcHandler(ListFlowsV1)
  async list(request: ListFlowsRequest, call: CallContext): Promise<ListFlowsResponse> {
    return { data: await this.flows.list(actorOf(call), request.projectId) };
  }

  @RpcHandler(GetFlowV1)
  get(request: FlowRef, call: CallContext): Promise<FlowDetailRecord> {
    return this.flows.get(actorOf(call), request.flowId);
  }

  @RpcHandler(SaveFlowDraftV1)
  saveDraft(request: SaveDraftRequest, call: CallContext): Promise<FlowDetailRecord> {
    return this.flows.saveDraft(actorOf(call), request);
  }

  @RpcHandler(PublishFlowV1)
  publish(request: PublishFlowRequest, call: CallContext): Promise<FlowVersionRecord> {
    return this.flows.publish(actorOf(call), request);
  }

  @RpcHandler(ListFlowVersionsV1)
  async versions(request: FlowRef, call: CallContext): Promise<ListFlowVersionsResponse> {
    return { data: await this.flows.versions(actorOf(call), request.flowId) };
  }

  @RpcHandler(ActivateFlowV1)
  activate(request: ActivateFlowRequest, call: CallContext): Promise<FlowRecord> {
    return this.flows.activate(actorOf(call), request);
  }

  @RpcHandler(DeactivateFlowV1)
  deactivate(request: FlowRef, call: CallContext): Promise<FlowRecord> {
    return this.flows.deactivate(actorOf(call), request.flowId);
  }
}
