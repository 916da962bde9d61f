import type {
  FieldVersionRecord,
  ItemRecord,
  ItemStatusCounts,
  ListItemsRequest,
} from '@docket/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { FieldPageFilter, FieldRepository } from './field.repository';
import { ItemRepository } from './item.repository';
import { ItemFilterSet } from './item-filter-set';
import { listStatements, statusCountStatement } from './item-list.sql';
import { FieldRow, ItemRow } from './item-rows';
import { ItemScope } from './item-where.sql';

/** One GET /items page: its rows and how many items match in all. */
export interface ItemListPage {
  rows: ItemRow[];
  total: number;
}

/**
 * The reads of GET /items, its status counts, one item and its fields: single statements
 * outside any transaction, so each sees what is committed when it runs.
 */
@Injectable()
export class ItemQueryRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly items: ItemRepository,
    private readonly fields: FieldRepository,
  ) {}

  async list(
    scope: ItemScope,
    filters: ItemFilterSet,
    paging: Pick<ListItemsRequest, 'sortBy' | 'sortOrder'> & { page: number; limit: number },
  ): Promise<ItemListPage> {
    const sql = listStatements(scope, filters, paging);
    const [rows, totals] = await Promise.all([
      this.dataSource.query(sql.page.text, sql.page.values) as Promise<ItemRow[]>,
      this.dataSource.query(sql.total.text, sql.total.values) as Promise<
        Array<{ total?: number; count?: number }>
      >,
    ]);
    const total = sql.total.fromCounts
      ? totals.reduce((sum, row) => sum + (row.count ?? 0), 0)
      : (totals[0]?.total ?? 0);
    return { rows, total };
  }

  /** One row per status present (a count of 0 can come from item_counts). */
  statusCounts(scope: ItemScope, filters: ItemFilterSet): Promise<ItemStatusCounts['data']> {
    const sql = statusCountStatement(scope, filters);
    return this.dataSource.query(sql.text, sql.values);
  }

  leanRecord(organizationId: string, itemId: string): Promise<ItemRecord | undefined> {
    return this.items.leanRecord(this.dataSource.manager, organizationId, itemId);
  }

  /** The item's project, or undefined when the organization has no such item. */
  async projectOf(
    organizationId: string,
    itemId: string,
  ): Promise<{ project_id: string } | undefined> {
    const [item]: Array<{ project_id: string }> = await this.dataSource.manager.query(
      `SELECT project_id FROM items.items WHERE id = $1 AND organization_id = $2`,
      [itemId, organizationId],
    );
    return item;
  }

  fieldPage(
    itemId: string,
    filter: FieldPageFilter,
    offset: number,
    limit: number,
  ): Promise<{ rows: FieldRow[]; total: number }> {
    return this.fields.page(this.dataSource.manager, itemId, filter, offset, limit);
  }

  fieldHistory(
    itemId: string,
    key: string,
    documentId: string | undefined,
    max: number,
  ): Promise<FieldVersionRecord[]> {
    return this.fields.history(this.dataSource.manager, itemId, key, documentId, max);
  }
}
