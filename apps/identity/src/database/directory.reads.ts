import { ProjectRecord, WorkspaceRecord } from '@docket/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * The directory's hot reads as plain SQL, answered straight into the records the contracts
 * carry. Every listing and every project check of a request lands here; TypeORM's entity
 * machinery (query builder, alias rewriting, entity hydration) was about a third of the identity
 * service's CPU per read (docs/benchmarks.md, "where the time goes"). Writes stay with the
 * entities.
 */
@Injectable()
export class DirectoryReads {
  constructor(private readonly dataSource: DataSource) {}

  /** The organization's workspaces, oldest first. */
  async workspaces(organizationId: string): Promise<WorkspaceRecord[]> {
    const rows: WorkspaceRow[] = await this.dataSource.query(
      `SELECT id, name, created_at AS "createdAt" FROM identity.workspaces
       WHERE organization_id = $1 ORDER BY created_at`,
      [organizationId],
    );
    return rows.map(toWorkspace);
  }

  async workspace(organizationId: string, workspaceId: string): Promise<WorkspaceRecord | null> {
    const rows: WorkspaceRow[] = await this.dataSource.query(
      `SELECT id, name, created_at AS "createdAt" FROM identity.workspaces
       WHERE organization_id = $1 AND id = $2`,
      [organizationId, workspaceId],
    );
    return rows.length > 0 ? toWorkspace(rows[0]) : null;
  }

  /**
   * Projects of the organization, oldest first: of one workspace when named, and only those in
   * `projectIds` unless the caller sees them all.
   */
  async projects(
    organizationId: string,
    options: { workspaceId?: string; projectIds: readonly string[] | 'all' },
  ): Promise<ProjectRecord[]> {
    const conditions = ['organization_id = $1'];
    const values: unknown[] = [organizationId];
    if (options.workspaceId) {
      values.push(options.workspaceId);
      conditions.push(`workspace_id = $${values.length}`);
    }
    if (options.projectIds !== 'all') {
      values.push(options.projectIds);
      conditions.push(`id = ANY($${values.length}::uuid[])`);
    }
    const rows: ProjectRow[] = await this.dataSource.query(
      `SELECT id, workspace_id AS "workspaceId", name, created_at AS "createdAt" FROM identity.projects
       WHERE ${conditions.join(' AND ')} ORDER BY created_at`,
      values,
    );
    return rows.map(toProject);
  }

  async project(organizationId: string, projectId: string): Promise<ProjectRecord | null> {
    const rows: ProjectRow[] = await this.dataSource.query(
      `SELECT id, workspace_id AS "workspaceId", name, created_at AS "createdAt" FROM identity.projects
       WHERE organization_id = $1 AND id = $2`,
      [organizationId, projectId],
    );
    return rows.length > 0 ? toProject(rows[0]) : null;
  }
}

/** A workspace as stored: a row of these reads, or the entity a write saved. */
export interface WorkspaceRow {
  id: string;
  name: string;
  createdAt: Date;
}

/** A project as stored: a row of these reads, or the entity a write saved. */
export interface ProjectRow extends WorkspaceRow {
  workspaceId: string;
}

export function toWorkspace(row: WorkspaceRow): WorkspaceRecord {
  return { workspaceId: row.id, name: row.name, createdAt: row.createdAt.toISOString() };
}

export function toProject(row: ProjectRow): ProjectRecord {
  return {
    projectId: row.id,
    workspaceId: row.workspaceId,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
  };
}
