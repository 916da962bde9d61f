import { ItemFilterSet } from './item-filter-set';
import { flowNamesMatching, ItemScope, SqlParams } from './item-where.sql';

/**
 * Whether item_counts can answer: no filter but the status and fuzzy flow names narrows the
 * list (the counts are kept per project, flow name and status).
 */
export function countableFromTable(filters: ItemFilterSet): boolean {
  const {
    status: _status,
    fuzzy,
    createdDays,
    flowIds,
    itemIds,
    displayIds,
    unassigned,
    ...rest
  } = filters;
  return (
    !unassigned &&
    fuzzy.every((filter) => filter.column === 'flow_name') &&
    [createdDays, flowIds, itemIds, displayIds].every((list) => list.length === 0) &&
    Object.values(rest).every((value) => value === undefined)
  );
}

/**
 * Counts per status of a scope from items.item_counts (kept exact by triggers in every writing
 * transaction), for lists and status cards that countableFromTable accepts.
 */
export function scopeCountsSql(
  scope: ItemScope,
  filters: ItemFilterSet,
  params: SqlParams,
): string {
  const clauses = [`c.organization_id = ${params.add(scope.organizationId)}`];
  if ('projectId' in scope) {
    clauses.push(`c.project_id = ${params.add(scope.projectId)}`);
  } else {
    clauses.push(`c.workspace_id = ${params.add(scope.workspaceId)}`);
    if (scope.projectIds !== 'all')
      clauses.push(`c.project_id = ANY(${params.add(scope.projectIds)}::uuid[])`);
  }
  if (filters.status) clauses.push(`c.status = ${params.add(filters.status)}`);
  for (const { value } of filters.fuzzy) {
    clauses.push(`c.flow_name = ${flowNamesMatching(scope.organizationId, value, params)}`);
  }
  return `SELECT c.status, sum(c.count)::int AS count FROM items.item_counts c
    WHERE ${clauses.join(' AND ')} AND c.count > 0 GROUP BY c.status`;
}
