import { Actor, canAccessProject, DocketException } from '@docket/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

import { FlowEntity } from '../database/flows.entities';

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
    const query = (manager ?? this.dataSource.manager)
      .createQueryBuilder(FlowEntity, 'flow')
      .where('flow.id = :flowId AND flow.organization_id = :organizationId', {
        flowId,
        organizationId: actor.organizationId,
      });
    if (lock) query.setLock('pessimistic_write');
    const flow = await query.getOne();
    if (!flow) throw DocketException.notFound('Flow');
    assertProjectAccess(actor, flow.projectId);
    return flow;
  }
}

export function assertProjectAccess(actor: Actor, projectId: string): void {
  if (!canAccessProject(actor, projectId)) {
    throw DocketException.denied('You have no access to this project');
  }
}
