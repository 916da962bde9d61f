import { Actor, canAccessProject, DocketException } from '@docket/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

import { FlowEntity } from '../database/flows.entities';
import { flowFromRow } from './flow-row.mapper';

/**
 * Loads a flow the way every operation must: scoped to the caller's organization (another
 * organization's flow does not exist), then checked against the caller's project grants.
 */
@Injectable()
export class FlowAccess {
  constructor(private readonly dataSource: DataSource) {}

  async load(
    actor: Actor,
    flowId: string,
    manager?: EntityManager,
    lock = false,
  ): Promise<FlowEntity> {
    const flow =
      manager || lock
        ? await this.loadWith(manager ?? this.dataSource.manager, flowId, actor, lock)
        : await this.read(flowId, actor.organizationId);
    if (!flow) throw DocketException.notFound('Flow');
    assertProjectAccess(actor, flow.projectId);
    return flow;
  }

  /** The plain read, taken by every run start: one statement, without the ORM's query builder. */
  private async read(flowId: string, organizationId: string): Promise<FlowEntity | null> {
    const rows: Record<string, unknown>[] = await this.dataSource.query(
      'SELECT * FROM flows.flows WHERE id = $1 AND organization_id = $2',
      [flowId, organizationId],
    );
    return rows.length === 1 ? flowFromRow(rows[0]) : null;
  }

  /** Inside a caller's transaction, and locked when it will change the flow. */
  private loadWith(
    manager: EntityManager,
    flowId: string,
    actor: Actor,
    lock: boolean,
  ): Promise<FlowEntity | null> {
    const query = manager
      .createQueryBuilder(FlowEntity, 'flow')
      .where('flow.id = :flowId AND flow.organization_id = :organizationId', {
        flowId,
        organizationId: actor.organizationId,
      });
    if (lock) query.setLock('pessimistic_write');
    return query.getOne();
  }
}

export function assertProjectAccess(actor: Actor, projectId: string): void {
  if (!canAccessProject(actor, projectId)) {
    throw DocketException.denied('You have no access to this project');
  }
}
