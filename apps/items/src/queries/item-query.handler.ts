import {
  CountItemStatusesRequest,
  CountItemStatusesV1,
  FieldHistory,
  FieldHistoryRequest,
  GetFieldHistoryV1,
  GetItemRequest,
  GetItemV1,
  ItemFieldPage,
  ItemPage,
  ItemRecord,
  ItemStatusCounts,
  ListItemFieldsRequest,
  ListItemFieldsV1,
  ListItemsRequest,
  ListItemsV1,
} from '@docket/contracts';
import { actorOf, CallContext, RpcHandler } from '@docket/platform';
import { Controller } from '@nestjs/common';

import { ItemQueryService } from './item-query.service';

@Controller()
export class ItemQueryHandler {
  constructor(private readonly queries: ItemQueryService) {}

  @RpcHandler(ListItemsV1)
  list(request: ListItemsRequest, call: CallContext): Promise<ItemPage> {
    return this.queries.list(actorOf(call), request);
  }

  @RpcHandler(CountItemStatusesV1)
  statusCounts(request: CountItemStatusesRequest, call: CallContext): Promise<ItemStatusCounts> {
    return this.queries.statusCounts(actorOf(call), request);
  }

  @RpcHandler(GetItemV1)
  get(request: GetItemRequest, call: CallContext): Promise<ItemRecord> {
    return this.queries.get(actorOf(call), request);
  }

  @RpcHandler(GetFieldHistoryV1)
  fieldHistory(request: FieldHistoryRequest, call: CallContext): Promise<FieldHistory> {
    return this.queries.fieldHistory(actorOf(call), request);
  }

  @RpcHandler(ListItemFieldsV1)
  fields(request: ListItemFieldsRequest, call: CallContext): Promise<ItemFieldPage> {
    return this.queries.fieldsOf(actorOf(call), request);
  }
}
