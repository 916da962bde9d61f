import { ItemFilterSet } from './item-filter-set';
import { substringTermsOf } from './search-terms';

/** Collects positional parameters so that no value is ever spliced into SQL text. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Where a list looks: one project, or the visible projects of one workspace. */
export type ItemScope =
  | { organizationId: string; projectId: string }
  | { organizationId: string; workspaceId: string; projectIds: 'all' | string[] };

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function likeParam(value: string, params: SqlParams): string {
  return params.add(`%${escapeLike(value)}%`);
}

/**
 * `ANY(...)` of the organization's flow names that fuzzily match `value` (substring, or trigram
 * word similarity so typos are tolerated), from the small flow_names table.
 */
export function flowNamesMatching(
  organizationId: string,
  value: string,
  params: SqlParams,
): string {
  return `ANY(ARRAY(SELECT f.flow_name FROM items.flow_names f
    WHERE f.organization_id = ${params.add(organizationId)}
      AND (f.flow_name ILIKE ${likeParam(value, params)} OR ${params.add(value)} <% f.flow_name)))`;
}

/**
 * The WHERE clause of a list or a count over `items.items i`. Fuzzy filters are a substring
 * (ILIKE) or a trigram word-similarity match (`<%`, pg_trgm), both served by the GIN trigram
 * indexes, so "Invoce" finds "Invoice Intake". Exact filters are plain equality.
 */
export function itemWhere(scope: ItemScope, filters: ItemFilterSet, params: SqlParams): string {
  const clauses = [`i.organization_id = ${params.add(scope.organizationId)}`];
  if ('projectId' in scope) {
    clauses.push(`i.project_id = ${params.add(scope.projectId)}`);
  } else {
    clauses.push(`i.workspace_id = ${params.add(scope.workspaceId)}`);
    if (scope.projectIds !== 'all')
      clauses.push(`i.project_id = ANY(${params.add(scope.projectIds)}::uuid[])`);
  }
  if (filters.status) clauses.push(`i.status = ${params.add(filters.status)}`);
  if (filters.assignedTo) clauses.push(`i.assignee_id = ${params.add(filters.assignedTo)}`);
  if (filters.unassigned) clauses.push(`i.assignee_id IS NULL`);
  if (filters.createdAfter) clauses.push(`i.created_at >= ${params.add(filters.createdAfter)}`);
  if (filters.createdBefore) clauses.push(`i.created_at < ${params.add(filters.createdBefore)}`);
  if (filters.updatedAfter) clauses.push(`i.updated_at >= ${params.add(filters.updatedAfter)}`);
  if (filters.updatedBefore) clauses.push(`i.updated_at < ${params.add(filters.updatedBefore)}`);
  for (const day of filters.createdDays) {
    clauses.push(
      `i.created_at >= ${params.add(day.from)} AND i.created_at < ${params.add(day.to)}`,
    );
  }
  for (const flowId of filters.flowIds) clauses.push(`i.flow_id = ${params.add(flowId)}`);
  for (const itemId of filters.itemIds) clauses.push(`i.id = ${params.add(itemId)}`);
  for (const displayId of filters.displayIds)
    clauses.push(`i.display_id = ${params.add(displayId)}`);
  for (const { column, value } of filters.fuzzy) {
    if (column === 'flow_name') {
      // Few distinct flow names: match those, then select items by exact name (btree).
      clauses.push(`i.flow_name = ${flowNamesMatching(scope.organizationId, value, params)}`);
    } else {
      clauses.push(
        `(i.${column} ILIKE ${likeParam(value, params)} OR ${params.add(value)} <% i.${column})`,
      );
    }
  }
  if (filters.words) {
    const fullText = `i.search_vector @@ websearch_to_tsquery('simple', ${params.add(filters.words)})`;
    // Amounts, dates and partial identifiers have no matching lexeme: each term may instead
    // appear inside the field values or the name (trigram-indexed ILIKE).
    const terms = substringTermsOf(filters.words);
    if (!terms) clauses.push(fullText);
    else {
      const inText = terms.map((forms) =>
        forms
          .map((form) => {
            const like = likeParam(form, params);
            return `i.field_text ILIKE ${like} OR i.display_name ILIKE ${like}`;
          })
          .join(' OR '),
      );
      clauses.push(`(${fullText} OR ((${inText.join(') AND (')})))`);
    }
  }
  return clauses.join(' AND ');
}
