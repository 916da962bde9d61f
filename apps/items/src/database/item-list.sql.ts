import { ItemSortField, ListItemsRequest } from '@docket/contracts';

import { countableFromTable, scopeCountsSql } from './item-counts.sql';
import { ItemFilterSet } from './item-filter-set';
import { ITEM_COLUMNS } from './item-rows';
import { ItemScope, itemWhere, SqlParams } from './item-where.sql';

const SORT_COLUMNS: Record<ItemSortField, string> = {
  createdAt: 'i.created_at',
  updatedAt: 'i.updated_at',
  displayId: 'i.display_id',
  displayName: 'i.display_name',
  status: 'i.status',
};

export interface SqlStatement {
  text: string;
  values: unknown[];
}

export interface ListStatements {
  page: SqlStatement;
  /** Rows of {status, count}, summed for the total when the list is unfiltered; else {total}. */
  total: SqlStatement & { fromCounts: boolean };
}

/**
 * The SQL of one GET /items call. The page of ids comes first (an index-only scan for the
 * common lists) and only those ids are joined to their rows, so a deep page skips index entries
 * rather than heap rows. The total is read from item_counts when only the status and flow
 * names narrow the list, else counted.
 */
export function listStatements(
  scope: ItemScope,
  filters: ItemFilterSet,
  paging: Pick<ListItemsRequest, 'sortBy' | 'sortOrder'> & { page: number; limit: number },
): ListStatements {
  const direction = (paging.sortOrder ?? 'desc') === 'asc' ? 'ASC' : 'DESC';
  const order = `${SORT_COLUMNS[paging.sortBy ?? 'createdAt']} ${direction}, i.id ${direction}`;
  const params = new SqlParams();
  const where = itemWhere(scope, filters, params);
  const offset = (paging.page - 1) * paging.limit;
  const page = {
    text: `SELECT ${ITEM_COLUMNS} FROM items.items i
      JOIN (SELECT i.id FROM items.items i WHERE ${where}
             ORDER BY ${order} LIMIT ${paging.limit} OFFSET ${offset}) p ON p.id = i.id
     ORDER BY ${order}`,
    values: params.values,
  };
  if (countableFromTable(filters)) {
    const countParams = new SqlParams();
    const text = scopeCountsSql(scope, filters, countParams);
    return { page, total: { text, values: countParams.values, fromCounts: true } };
  }
  return {
    page,
    total: {
      text: `SELECT count(*)::int AS total FROM items.items i WHERE ${where}`,
      values: params.values,
      fromCounts: false,
    },
  };
}

/** The status cards: from item_counts when it can answer, else grouped over the filtered items. */
export function statusCountStatement(scope: ItemScope, filters: ItemFilterSet): SqlStatement {
  const params = new SqlParams();
  if (countableFromTable(filters)) {
    return { text: scopeCountsSql(scope, filters, params), values: params.values };
  }
  return {
    text: `SELECT i.status, count(*)::int AS count FROM items.items i
      WHERE ${itemWhere(scope, filters, params)} GROUP BY i.status`,
    values: params.values,
  };
}
