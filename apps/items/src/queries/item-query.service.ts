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
import { DataSource } from 'typeorm';

import { assertInProject, assertItemProjectAccess } from '../access/item-access';
import { FieldRepository } from '../database/field.repository';
import { ItemRepository } from '../database/item.repository';
import { ItemRow, toFieldRecord, toItemSummary } from '../database/item-rows';
import { resolveFilters } from './item-filters';
import { listStatements, statusCountStatement } from './item-list.sql';
import { ItemScope } from './item-where.sql';

/** GET /items, the status counts, one item, and its fields: reads only. */
@Injectable()
export class ItemQueryService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: DirectoryAccess,
    private readonly items: ItemRepository,
    private readonly fields: FieldRepository,
  ) {}

  async list(actor: Actor, query: ListItemsRequest): Promise<ItemPage> {
    const scope = await this.scopeOf(actor, query);
    const page = query.page ?? 1;
    const limit = query.limit ?? ITEMS_PAGE_SIZE_DEFAULT;
    const sql = listStatements(scope, resolveFilters(query), { ...query, page, limit });
    const [rows, totals] = await Promise.all([
      this.dataSource.query(sql.page.text, sql.page.values) as Promise<ItemRow[]>,
      this.dataSource.query(sql.total.text, sql.total.values) as Promise<
        Array<{ total?: number; count?: number }>
      >,
    ]);
    const total = sql.total.fromCounts
      ? totals.reduce((sum, row) => sum + (row.count ?? 0), 0)
      : (totals[0]?.total ?? 0);
    return pageOf(rows.map(toItemSummary), page, limit, total, 'Items');
  }

  /** One count per status present, CANCELED hidden (the specification's status cards). */
  async statusCounts(actor: Actor, query: CountItemStatusesRequest): Promise<ItemStatusCounts> {
    const scope = await this.scopeOf(actor, query);
    const sql = statusCountStatement(scope, resolveFilters(query));
    const rows: ItemStatusCounts['data'] = await this.dataSource.query(sql.text, sql.values);
    const data = rows
      .filter((row) => row.status !== 'CANCELED' && row.count > 0)
      .sort((a, b) => (a.status < b.status ? -1 : a.status > b.status ? 1 : 0));
    return { data };
  }

  async get(actor: Actor, request: GetItemRequest): Promise<ItemRecord> {
    const record = await this.items.leanRecord(
      this.dataSource.manager,
      actor.organizationId,
      request.itemId,
    );
    if (!record) throw DocketException.notFound('Item');
    assertInProject({ project_id: record.projectId }, request.projectId);
    assertItemProjectAccess(actor, { project_id: record.projectId });
    return record;
  }

  async fieldsOf(actor: Actor, request: ListItemFieldsRequest): Promise<ItemFieldPage> {
    const manager = this.dataSource.manager;
    await this.assertReadable(actor, request.itemId, request.projectId);
    const page = request.page ?? 1;
    const limit = request.limit ?? FIELDS_PAGE_SIZE_DEFAULT;
    const { rows, total } = await this.fields.page(
      manager,
      request.itemId,
      { documentId: request.documentId, key: request.key, type: request.type },
      (page - 1) * limit,
      limit,
    );
    return pageOf(rows.map(toFieldRecord), page, limit, total, 'Item fields');
  }

  async fieldHistory(actor: Actor, request: FieldHistoryRequest): Promise<FieldHistory> {
    await this.assertReadable(actor, request.itemId, undefined);
    const data = await this.fields.history(
      this.dataSource.manager,
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
    const [item]: Array<{ project_id: string }> = await this.dataSource.manager.query(
      `SELECT project_id FROM items.items WHERE id = $1 AND organization_id = $2`,
      [itemId, actor.organizationId],
    );
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
