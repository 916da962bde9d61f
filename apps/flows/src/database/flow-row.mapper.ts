import type { FlowGraph } from '@docket/contracts';

import { FlowEntity } from './flows.entities';

/** A `SELECT *` row of flows.flows (snake_case; pg has parsed jsonb and timestamptz). */
export function flowFromRow(row: Record<string, unknown>): FlowEntity {
  return Object.assign(new FlowEntity(), {
    id: row.id as string,
    organizationId: row.organization_id as string,
    workspaceId: row.workspace_id as string,
    projectId: row.project_id as string,
    name: row.name as string,
    description: row.description as string,
    draft: row.draft as FlowGraph,
    draftUpdatedAt: row.draft_updated_at as Date,
    draftUpdatedBy: row.draft_updated_by as string,
    activeVersionId: row.active_version_id as string | null,
    activeEnvironmentId: row.active_environment_id as string | null,
    latestVersion: row.latest_version as string | null,
    createdBy: row.created_by as string,
    createdAt: row.created_at as Date,
    updatedAt: row.updated_at as Date,
  } satisfies FlowEntity);
}
