import {
  CountItemStatusesRequest,
  DirectoryAccess,
  FIELD_HISTORY_MAX,
  FieldHistory,
  FieldHistoryRequest,
  FIELDS_PAGE_SIZE_DEFAULT,
  GetItemRequest,
  ItemFieldPage,
  ItemFiltersQuery,
  ItemPage,
  ItemRecord,
  ITEMS_PAGE_SIZE_DEFAULT,
  ItemStatusCounts,
  ListItemFieldsRequest,
  ListItemsRequest,
} from '@docket/contracts';
import { Actor, DocketException, pageOf } from '@docket/platform';
import { Injectable } from '@nestjs/common';

import { assertInProject, assertItemProjectAccess } from '../access/item-access';
import { ItemQueryRepository } from '../database/item-query.repository';
import { toFieldRecord, toItemSummary } from '../database/item-rows';
import { ItemScope } from '../database/item-where.sql';
import { resolveFilters } from './item-filters';

/** GET /items, the status counts, one item, and its fields: reads only. */
@Injectable()
export class ItemQueryService {
  constructor(
    private readonly access: DirectoryAccess,
    private readonly reads: ItemQueryRepository,
  ) {}

  async list(actor: Actor, query: ListItemsRequest): Promise<ItemPage> {
    const scope = await this.scopeOf(actor, query);
    const page = query.page ?? 1;
    const limit = query.limit ?? ITEMS_PAGE_SIZE_DEFAULT;
    const { rows, total } = await this.reads.list(scope, resolveFilters(query), {
      ...query,
      page,
      limit,
    });
    return pageOf(rows.map(toItemSummary), page, limit, total, 'Items');
  }

  /** One count per status present, CANCELED hidden (the specification's status cards). */
  async statusCounts(actor: Actor, query: CountItemStatusesRequest): Promise<ItemStatusCounts> {
    const scope = await this.scopeOf(actor, query);
    const rows = await this.reads.statusCounts(scope, resolveFilters(query));
    const data = rows
      .filter((row) => row.status !== 'CANCELED' && row.count > 0)
      .sort((a, b) => (a.status < b.status ? -1 : a.status > b.status ? 1 : 0));
    return { data };
  }

  async get(actor: Actor, request: GetItemRequest): Promise<ItemRecord> {
    const record = await this.reads.leanRecord(actor.organizationId, request.itemId);
    if (!record) throw DocketException.notFound('Item');
    assertInProject({ project_id: record.projectId }, request.projectId);
    assertItemProjectAccess(actor, { project_id: record.projectId });
    return record;
  }

  async fieldsOf(actor: Actor, request: ListItemFieldsRequest): Promise<ItemFieldPage> {
    await this.assertReadable(actor, request.itemId, request.projectId);
    const page = request.page ?? 1;
    const limit = request.limit ?? FIELDS_PAGE_SIZE_DEFAULT;
    const { rows, total } = await this.reads.fieldPage(
      request.itemId,
      { documentId: request.documentId, key: request.key, type: request.type },
      (page - 1) * limit,
      limit,
    );
    return pageOf(rows.map(toFieldRecord), page, limit, total, 'Item fields');
  }

  async fieldHistory(actor: Actor, request: FieldHistoryRequest): Promise<FieldHistory> {
    await this.assertReadable(actor, request.itemId, undefined);
    const data = await this.reads.fieldHistory(
      request.itemId,
      request.key,
      request.documentId,
      FIELD_HISTORY_MAX,
    );
    if (data.length === 0) throw DocketException.notFound('Field');
    return { data };
  }

  /** The item exists in the caller's organization, in the project named, and it may see it. */
  private async assertReadable(
    actor: Actor,
    itemId: string,
    projectId: string | undefined,
  ): Promise<void> {
    const item = await this.reads.projectOf(actor.organizationId, itemId);
    if (!item) throw DocketException.notFound('Item');
    assertInProject(item, projectId);
    assertItemProjectAccess(actor, item);
  }

  /**
   * The project form needs a grant (the gateway checks it too) and a project of this
   * organization; the workspace form spans only the projects the caller may see.
   */
  private async scopeOf(actor: Actor, query: ItemFiltersQuery): Promise<ItemScope> {
    if (query.projectId) {
      await this.access.project(actor, query.projectId);
      return { organizationId: actor.organizationId, projectId: query.projectId };
    }
    if (!query.workspaceId) throw DocketException.invalid('projectId or workspaceId is required');
    await this.access.assertWorkspace(actor, query.workspaceId);
    return {
      organizationId: actor.organizationId,
      workspaceId: query.workspaceId,
      projectIds: actor.projectAccess,
    };
  }
}
