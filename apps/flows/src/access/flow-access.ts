import { Actor, assertProjectAccess, DocketException } from '@docket/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

import { flowFromRow } from '../database/flow-row.mapper';
import { FlowEntity } from '../database/flows.entities';

/**
 * Loads a flow the way every operation must: scoped to the caller's organization (another
 * organization's flow does not exist), then checked against the caller's project grants.
 */
@Injectable()
export class FlowAccess {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * `manager` runs the read inside a caller's transaction; `lock` holds the row (FOR UPDATE)
   * for a caller that will change the flow. One statement without the ORM's query builder: every
   * run start takes it.
   */
  async load(
    actor: Actor,
    flowId: string,
    manager?: EntityManager,
    lock = false,
  ): Promise<FlowEntity> {
    const rows: Record<string, unknown>[] = await (manager ?? this.dataSource).query(
      `SELECT * FROM flows.flows WHERE id = $1 AND organization_id = $2${lock ? ' FOR UPDATE' : ''}`,
      [flowId, actor.organizationId],
    );
    if (rows.length !== 1) throw DocketException.notFound('Flow');
    const flow = flowFromRow(rows[0]);
    assertProjectAccess(actor, flow.projectId);
    return flow;
  }
}
