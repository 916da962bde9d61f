import { Actor, assertProjectAccess, DocketException } from '@docket/platform';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

import { FlowRepository } from '../database/flow.repository';
import { FlowEntity } from '../database/flows.entities';

/**
 * Loads a flow the way every operation must: scoped to the caller's organization (another
 * organization's flow does not exist), then checked against the caller's project grants.
 */
@Injectable()
export class FlowAccess {
  constructor(private readonly flows: FlowRepository) {}

  /**
   * `manager` runs the read inside a caller's transaction; `lock` holds the row (FOR UPDATE)
   * for a caller that will change the flow.
   */
  async load(
    actor: Actor,
    flowId: string,
    manager?: EntityManager,
    lock = false,
  ): Promise<FlowEntity> {
    const flow = await this.flows.findInOrganization(flowId, actor.organizationId, manager, lock);
    if (!flow) throw DocketException.notFound('Flow');
    assertProjectAccess(actor, flow.projectId);
    return flow;
  }
}
