import {
  AttachItemDocumentsRequest,
  AttachItemDocumentsV1,
  CreateItemForRunRequest,
  CreateItemForRunV1,
  ItemRecord,
  MoveItemStatusRequest,
  MoveItemStatusV1,
  SetItemSummaryRequest,
  SetItemSummaryV1,
  WriteItemFieldsRequest,
  WriteItemFieldsResult,
  WriteItemFieldsV1,
} from '@docket/contracts';
import { CallContext, RpcHandler } from '@docket/platform';
import { Controller } from '@nestjs/common';

import { RunItemService } from './run-item.service';

/** The worker's contracts: a run creates and fills its item. Not reachable through the gateway. */
@Controller()
export class RunItemHandler {
  constructor(private readonly runs: RunItemService) {}

  @RpcHandler(CreateItemForRunV1)
  create(request: CreateItemForRunRequest, call: CallContext): Promise<ItemRecord> {
    return this.runs.create(call.actor, request);
  }

  @RpcHandler(AttachItemDocumentsV1)
  attachDocuments(request: AttachItemDocumentsRequest, call: CallContext): Promise<ItemRecord> {
    return this.runs.attachDocuments(call.actor, request);
  }

  @RpcHandler(WriteItemFieldsV1)
  writeFields(request: WriteItemFieldsRequest, call: CallContext): Promise<WriteItemFieldsResult> {
    return this.runs.writeFields(call.actor, request);
  }

  @RpcHandler(SetItemSummaryV1)
  setSummary(request: SetItemSummaryRequest, call: CallContext): Promise<ItemRecord> {
    return this.runs.setSummary(call.actor, request);
  }

  @RpcHandler(MoveItemStatusV1)
  moveStatus(request: MoveItemStatusRequest, call: CallContext): Promise<ItemRecord> {
    return this.runs.moveStatus(call.actor, request);
  }
}
