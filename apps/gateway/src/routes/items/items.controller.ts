import {
  ClaimNextItemBody,
  ClaimNextItemV1,
  CountItemStatusesRequest,
  CountItemStatusesV1,
  FieldHistory,
  FieldHistoryQuery,
  GetFieldHistoryV1,
  GetItemV1,
  ItemFieldPage,
  ItemFieldRecord,
  ItemPage,
  ItemRecord,
  ItemStatusCounts,
  ItemSummaryRecord,
  ListItemFieldsQuery,
  ListItemFieldsV1,
  ListItemsRequest,
  ListItemsV1,
} from '@docket/contracts';
import { Actor, Enveloped, enveloped, RpcClient } from '@docket/platform';
import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiExtraModels, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';

import { CurrentActor } from '../../auth/current-actor.decorator';
import { uuidPipe } from '../../http/uuid.pipe';
import { ApiRoute } from '../../openapi/api-route.decorator';

class GetItemQuery {
  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Optional; when given, the item must belong to this project',
  })
  @IsOptional()
  @IsUUID('4')
  projectId?: string;
}

@ApiTags('Items')
@ApiExtraModels(ItemSummaryRecord, ItemFieldRecord)
@Controller('items')
export class ItemsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiRoute({
    summary: 'List items of a project, or of every project of a workspace you may see',
    description:
      'Exactly one of projectId and workspaceId. `status`: QUEUED, IN_PROGRESS, REVIEW, ' +
      'DEFERRED, COMPLETE, CLOSED, FAILED, CANCELED. `sortBy`: createdAt (default), updatedAt, ' +
      'displayId, displayName, status. `sortOrder`: desc (default), asc. `limit` 1-100 ' +
      '(default 20), `page` from 1. Fuzzy filters (flowName, summary, insight, fieldValue, ' +
      'displayNameFilter, reviewer) match substrings and tolerate typos (trigram similarity); ' +
      'flowId, itemId, displayId are exact. `After` bounds are inclusive, `Before` exclusive; ' +
      'createdDate (MM/DD/YYYY) is a UTC day. searchText is full text over names, summaries and ' +
      'field values and accepts the prefixes flow:, flow-id:, summary:, insight:, field-value:, ' +
      'id:, display-id:, name:, reviewer:, date: (value to the next space, or "quoted"). ' +
      'Every filter narrows the list (AND).',
    permission: 'items.read',
    errors: ['NOT_FOUND'],
    page: ItemSummaryRecord,
  })
  list(@Query() query: ListItemsRequest, @CurrentActor() actor: Actor): Promise<ItemPage> {
    return this.rpc.call(ListItemsV1, query, actor);
  }

  @Get('status-counts')
  @ApiRoute({
    summary: 'Item counts per status (the status cards), for the same scope and filters',
    description: 'One entry per status present; CANCELED is never counted.',
    permission: 'items.read',
    response: ItemStatusCounts,
    errors: ['NOT_FOUND'],
  })
  async statusCounts(
    @Query() query: CountItemStatusesRequest,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<ItemStatusCounts>> {
    return enveloped('Item status counts', await this.rpc.call(CountItemStatusesV1, query, actor));
  }

  @Post('next')
  @HttpCode(200)
  @ApiRoute({
    summary: 'The review queue: claim the next item in REVIEW that nobody holds',
    description:
      'Takes the review lock (for `session`, when given) on the oldest item in REVIEW of the ' +
      'project without a live lock and returns it; 404 NOT_FOUND when none is waiting. ' +
      'Concurrent callers never claim the same item.',
    permission: 'items.review',
    response: ItemRecord,
    errors: ['NOT_FOUND'],
  })
  async claimNext(
    @Body() body: ClaimNextItemBody,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<ItemRecord>> {
    const item = await this.rpc.call(ClaimNextItemV1, body, actor);
    return enveloped('Item claimed for review', item);
  }

  @Get(':id')
  @ApiRoute({
    summary: 'One item: the lean payload (no fields; documents and reviews as references)',
    permission: 'items.read',
    response: ItemRecord,
    errors: ['NOT_FOUND'],
  })
  async get(
    @Param('id', uuidPipe) itemId: string,
    @Query() query: GetItemQuery,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<ItemRecord>> {
    const item = await this.rpc.call(GetItemV1, { itemId, projectId: query.projectId }, actor);
    return enveloped('Item', item);
  }

  @Get(':id/fields/:key/versions')
  @ApiRoute({
    summary: 'A field’s edit history: every stored version, newest first',
    description:
      'Each version with its value, who wrote it (source extraction or review, the reviewer) ' +
      'and when, and its flags then. At most 100 (the newest).',
    permission: 'items.read',
    response: FieldHistory,
    errors: ['NOT_FOUND'],
  })
  async fieldHistory(
    @Param('id', uuidPipe) itemId: string,
    @Param('key') key: string,
    @Query() query: FieldHistoryQuery,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<FieldHistory>> {
    const history = await this.rpc.call(GetFieldHistoryV1, { ...query, itemId, key }, actor);
    return enveloped(`${history.data.length} versions`, history);
  }

  @Get(':id/fields')
  @ApiRoute({
    summary: 'The current fields of an item, paginated',
    description:
      'projectId is required. page 1-100, limit 1-100 (default 20), so with limit 100 the ' +
      '10,000th field is the last reachable. Ordered by key, then document (item-level last).',
    permission: 'items.read',
    errors: ['NOT_FOUND'],
    page: ItemFieldRecord,
  })
  fields(
    @Param('id', uuidPipe) itemId: string,
    @Query() query: ListItemFieldsQuery,
    @CurrentActor() actor: Actor,
  ): Promise<ItemFieldPage> {
    return this.rpc.call(ListItemFieldsV1, { ...query, itemId }, actor);
  }
}
