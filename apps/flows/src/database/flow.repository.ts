import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

import { flowFromRow } from './flow-row.mapper';
import { FlowEntity } from './flows.entities';
import { columns } from './typeorm-partials';

/** Flows (table flows.flows): each row is a flow's draft and which version is live. */
@Injectable()
export class FlowRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The flow in the organization, or null. `manager` reads inside a caller's transaction; `lock`
   * holds the row (FOR UPDATE) for a caller that will change it. One statement without the ORM's
   * query builder: every run start takes it.
   */
  async findInOrganization(
    flowId: string,
    organizationId: string,
    manager?: EntityManager,
    lock = false,
  ): Promise<FlowEntity | null> {
    const rows: Record<string, unknown>[] = await (manager ?? this.dataSource).query(
      `SELECT * FROM flows.flows WHERE id = $1 AND organization_id = $2${lock ? ' FOR UPDATE' : ''}`,
      [flowId, organizationId],
    );
    return rows.length === 1 ? flowFromRow(rows[0]) : null;
  }

  /** The workspace's flows with a live version (any trigger). */
  activeInWorkspace(organizationId: string, workspaceId: string): Promise<FlowEntity[]> {
    return this.dataSource.manager
      .createQueryBuilder(FlowEntity, 'flow')
      .where('flow.organization_id = :org AND flow.workspace_id = :workspace', {
        org: organizationId,
        workspace: workspaceId,
      })
      .andWhere('flow.active_version_id IS NOT NULL')
      .getMany();
  }

  /** The flow as given, inserted outside any transaction. */
  async insert(flow: FlowEntity): Promise<FlowEntity> {
    const row = this.dataSource.manager.create(FlowEntity, flow);
    await this.dataSource.manager.insert(FlowEntity, columns<FlowEntity>(row));
    return row;
  }

  listInProject(organizationId: string, projectId: string): Promise<FlowEntity[]> {
    return this.dataSource.manager.find(FlowEntity, {
      where: { organizationId, projectId },
      order: { createdAt: 'ASC' },
    });
  }

  async saveDraft(
    manager: EntityManager,
    flow: Pick<
      FlowEntity,
      'id' | 'draft' | 'name' | 'description' | 'draftUpdatedAt' | 'draftUpdatedBy' | 'updatedAt'
    >,
  ): Promise<void> {
    await manager.update(
      FlowEntity,
      { id: flow.id },
      columns<FlowEntity>({
        draft: flow.draft,
        name: flow.name,
        description: flow.description,
        draftUpdatedAt: flow.draftUpdatedAt,
        draftUpdatedBy: flow.draftUpdatedBy,
        updatedAt: flow.updatedAt,
      }),
    );
  }

  async setLatestVersion(
    manager: EntityManager,
    flowId: string,
    latestVersion: string,
    updatedAt: Date,
  ): Promise<void> {
    await manager.update(FlowEntity, { id: flowId }, { latestVersion, updatedAt });
  }

  /** Which version is live, in which environment (both null: the flow is inactive). */
  async setActivation(
    manager: EntityManager,
    flow: Pick<FlowEntity, 'id' | 'activeVersionId' | 'activeEnvironmentId' | 'updatedAt'>,
  ): Promise<void> {
    await manager.update(
      FlowEntity,
      { id: flow.id },
      {
        activeVersionId: flow.activeVersionId,
        activeEnvironmentId: flow.activeEnvironmentId,
        updatedAt: flow.updatedAt,
      },
    );
  }
}
